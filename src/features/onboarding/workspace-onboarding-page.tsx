import { Title } from '@/components/ui/title';

/** Create the workspace. For now only its title; the form comes with the onboarding issue. */
export function WorkspaceOnboardingPage() {
  return (
    <div className="mx-auto w-full max-w-[320px] py-10">
      <Title level={1}>Set up your workspace</Title>
    </div>
  );
}
