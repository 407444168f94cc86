import { Title } from '@/components/ui/title';

/** Create the project. For now only its title; the form comes with the onboarding issue. */
export function ProjectOnboardingPage() {
  return (
    <div className="mx-auto w-full max-w-[320px] py-10">
      <Title level={1}>Add information about your project for finding relevance posts</Title>
    </div>
  );
}
