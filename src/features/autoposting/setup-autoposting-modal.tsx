import type { AutopostingStep } from '@contract/entities';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { PageLoader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb } from '@/db/mirror';
import { apiFailureMessage } from '@/lib/api-client';
import { AuthContext } from '@/lib/auth';
import { useApi } from '@/lib/use-api';
import { useOnline } from '@/lib/use-online';
import { projectsKey, useScreenProjects } from '@/lib/use-projects';
import { AutopilotSettings } from './autopilot-settings';
import { useAutoposting } from './use-autoposting';
import { initialUserData, UserDataForm, type UserDataValues } from './user-data-form';
import {
  CheckSocialsFailedStep,
  FinishStep,
  InitialStep,
  Problem,
  SetupSocialsStep,
  stepTexts,
  Working,
} from './wizard-steps';

/** How long the finish step shows before the modal closes on its own. */
export const FINISH_CLOSE_MS = 5_000;

export const offlineText =
  'You are offline. Setting up autoposting needs the network: this goes on once you are back online.';

/**
 * 'Setup autoposting': the wizard of section 2, its step the server's. Opened once setup is done it is
 * Autopilot's settings instead (pause, stopped networks, pacing). Reaching finish while it is open
 * refetches the projects (the server has marked the project set up) and closes the modal 5 s later
 * ('Start Publishing' closes it at once). Loaded on demand (`onDemandDialog`): nothing of it is on a
 * screen's first load. Decision 038.
 */
export function SetupAutopostingModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const autoposting = useAutoposting(open);
  const { status } = autoposting;
  const step = status.data?.step;
  const online = useOnline();
  const offline = !online;
  const auth = useContext(AuthContext);
  const project = useScreenProjects()?.[0];
  const socials = useApi('listSocials', open ? {} : null, { kept: keptCopies.socials(getMirrorDb()) });
  const nameOf = (slug: string) => socials.data?.find((social) => social.slug === slug)?.name ?? slug;
  const { mutate } = useSWRConfig();

  // The person's user data outlives the form (the modal closing, a failed send): nothing typed is lost.
  const [userData, setUserData] = useState<UserDataValues | null>(null);

  // Finish reached while the modal is open: the wizard's last screen. Opened on a finished setup, the
  // modal is Autopilot's settings instead.
  const [justFinished, setJustFinished] = useState(false);
  const lastStep = useRef<AutopostingStep | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the opening and the step drive it.
  useEffect(() => {
    if (!open) {
      lastStep.current = undefined;
      setJustFinished(false);
      autoposting.clearFailure();
      return;
    }
    if (step === undefined) return;
    const before = lastStep.current;
    lastStep.current = step;
    if (step === 'finish' && before !== undefined && before !== 'finish') setJustFinished(true);
  }, [open, step]);

  // On finish ('Skip for now', or a check the server passed, which marks the project set up itself:
  // decision 035) the projects are refetched, and the modal closes 5 s later.
  const closeRef = useRef(onOpenChange);
  closeRef.current = onOpenChange;
  useEffect(() => {
    if (!justFinished) return;
    mutate(projectsKey).catch(() => undefined);
    const timer = setTimeout(() => closeRef.current(false), FINISH_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [justFinished, mutate]);

  const settingsView = step === 'finish' && !justFinished;
  const title = settingsView ? 'Autopilot' : 'Setup autoposting';
  const failure = autoposting.failure;
  const failureMessage =
    failure && failure.action !== 'settings' && failure.action !== 'userData' ? failure.message : null;

  let body: ReactNode;
  if (!status.data) {
    body =
      status.error || offline ? (
        <div className="grid gap-3">
          <FieldError>{status.error && !offline ? apiFailureMessage(status.error) : offlineText}</FieldError>
          <Button
            variant="secondary"
            className="w-fit"
            onClick={() => void status.mutate()}
            disabled={offline}
          >
            Try again
          </Button>
        </div>
      ) : (
        <PageLoader fills="section" />
      );
  } else if (settingsView) {
    body = (
      <AutopilotSettings
        status={status.data}
        autoposting={autoposting}
        isAdmin={auth?.role === 'org:admin'}
        nameOf={nameOf}
        offline={offline}
      />
    );
  } else {
    const data = status.data;
    const busy = autoposting.busy;
    const stepBody = (() => {
      switch (data.step) {
        case 'initial':
          return (
            <InitialStep
              onStart={() => void autoposting.start()}
              starting={busy === 'start'}
              disabled={offline}
            />
          );
        case 'userData':
          return (
            <UserDataForm
              values={
                userData ??
                initialUserData(
                  auth?.user?.primaryEmailAddress?.emailAddress ??
                    auth?.user?.emailAddresses[0]?.emailAddress ??
                    '',
                )
              }
              onValuesChange={setUserData}
              onSubmit={autoposting.submitUserData}
              error={failure?.action === 'userData' ? failure.message : null}
              offline={offline}
            />
          );
        case 'creatingProfile':
          return <Working text={stepTexts.creatingProfile} offline={offline} />;
        case 'setupSocials':
          return (
            <SetupSocialsStep
              profileName={data.profileName ?? project?.name ?? 'your project'}
              login={data.login}
              onContinue={() => void autoposting.checkSocials()}
              continuing={busy === 'checkSocials'}
              disabled={offline}
            />
          );
        case 'checkSocials':
          return <Working text={stepTexts.checkSocials} offline={offline} />;
        case 'checkSocialsFailed':
          return (
            <CheckSocialsFailedStep
              failed={Object.entries(data.socialsResponse)
                .filter(([, verified]) => !verified)
                .map(([slug]) => nameOf(slug))}
              onSkip={() => void autoposting.finish()}
              onRecheck={() => void autoposting.recheckSocials()}
              busy={busy === 'finish' ? 'finish' : busy === 'recheck' ? 'recheck' : null}
              disabled={offline}
            />
          );
        case 'finish':
          return <FinishStep onStartPublishing={() => onOpenChange(false)} />;
      }
    })();
    body = (
      <div className="grid gap-4">
        {/* A call that just failed says it below; the server's record of the same failure is not repeated. */}
        <Problem>{data.problem === failure?.message ? null : data.problem}</Problem>
        {stepBody}
        <FieldError>{failureMessage}</FieldError>
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {offline && status.data ? (
          <Text role="status" size="sm" tone="muted">
            {offlineText}
          </Text>
        ) : null}
        {body}
      </DialogContent>
    </Dialog>
  );
}
