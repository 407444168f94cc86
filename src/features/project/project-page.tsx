import { useSearch } from 'wouter';
import { parseProjectSearch } from '@/app/routes';
import { PageLoader } from '@/components/ui/loader';
import { Title } from '@/components/ui/title';
import { useScreenProjects } from '@/lib/use-projects';
import { ProjectForm } from './components/project-form';

/**
 * Review and edit the project: 'Review suggested information' until the first save, 'Project' after it.
 * With `?preview=true` the same page is read-only (every field disabled, no actions, no submit), for
 * showing the project without the risk of changing it.
 */
export function ProjectPage() {
  const projects = useScreenProjects();
  const { preview = false } = parseProjectSearch(useSearch());
  const project = projects?.[0];
  // Without a project the onboarding gate sends the person to project onboarding.
  if (!project) return <PageLoader />;
  return (
    <div className="grid w-full max-w-[480px] gap-6">
      <Title level={1}>{project.reviewed ? 'Project' : 'Review suggested information'}</Title>
      <ProjectForm key={project.id} project={project} readOnly={preview} />
    </div>
  );
}
