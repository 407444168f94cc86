import { PageLoader } from '@/components/ui/loader';
import { Title } from '@/components/ui/title';
import { useProjects } from './use-projects';

/** Review and edit the project. For now only its title; the form comes with the project issue. */
export function ProjectPage() {
  const { data: projects } = useProjects();
  if (!projects) return <PageLoader />;
  const reviewed = projects[0]?.reviewed ?? false;
  return (
    <div className="w-full max-w-[480px]">
      <Title level={1}>{reviewed ? 'Project' : 'Review suggested information'}</Title>
    </div>
  );
}
