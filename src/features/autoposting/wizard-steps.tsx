import { isWebLink } from '@contract/web-link';
import ExternalLink from 'lucide-react/icons/external-link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Loader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';

/** The reply texts of the wizard's steps, word for word from the specification where it gives them. */
export const stepTexts = {
  initial:
    'A few settings must be configured before your approved replies can be published for you. It takes a few minutes.',
  creatingProfile: 'Creating your profile and setting up automation tools.',
  checkSocials: 'Almost there! Checking your social accounts...',
  finish: "You're ready to go!",
  closesSoon: 'This window closes automatically in 5 seconds.',
} as const;

/** What the server last could not do, where it happened; the person can act on it. */
export function Problem({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md border border-danger/40 bg-danger/5 p-3 text-sm text-danger">
      {children}
    </p>
  );
}

/** The buttons of a step: side by side, or stacked on a narrow screen with the main one on top. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** A step where the server works: a spinner and what it does; offline, no spinner (nothing moves then). */
export function Working({ text, offline }: { text: string; offline: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      {offline ? null : <Loader size="md" decorative />}
      <Text role="status" size="sm">
        {text}
      </Text>
    </div>
  );
}

export function InitialStep({
  onStart,
  starting,
  disabled,
}: {
  onStart: () => void;
  starting: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <Text size="sm">{stepTexts.initial}</Text>
      <StepActions>
        <Button onClick={onStart} loading={starting} disabled={disabled}>
          Get Started
        </Button>
      </StepActions>
    </>
  );
}

/**
 * setupSocials: the profile is shared to the person; they log into their networks in it, then go on. The
 * server's own words on how to open the profile show as they are, with its link when it gives one.
 */
export function SetupSocialsStep({
  profileName,
  login,
  onContinue,
  continuing,
  disabled,
}: {
  profileName: string;
  login: { message: string; url: string | null } | null | undefined;
  onContinue: () => void;
  continuing: boolean;
  disabled: boolean;
}) {
  return (
    <>
      <Text size="sm">
        A browser has been shared to your automation profile{' '}
        <strong className="break-words">{profileName}</strong>. Open it and log into your social accounts
        there, then click Continue.
      </Text>
      {login ? (
        <div className="grid gap-2 rounded-md bg-muted p-3">
          <Text size="sm" className="break-words whitespace-pre-line">
            {login.message}
          </Text>
          {isWebLink(login.url) ? (
            <a
              href={login.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex w-fit items-center gap-1 text-sm break-all text-primary underline underline-offset-4"
            >
              Open the automation browser
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            </a>
          ) : null}
        </div>
      ) : null}
      <StepActions>
        <Button onClick={onContinue} loading={continuing} disabled={disabled}>
          Continue
        </Button>
      </StepActions>
    </>
  );
}

/** checkSocialsFailed: the networks whose login could not be verified, by name, and the two ways on. */
export function CheckSocialsFailedStep({
  failed,
  onSkip,
  onRecheck,
  busy,
  disabled,
}: {
  failed: readonly string[];
  onSkip: () => void;
  onRecheck: () => void;
  busy: 'finish' | 'recheck' | null;
  disabled: boolean;
}) {
  return (
    <>
      <Text size="sm">We could not verify your login on these social accounts:</Text>
      <ul className="list-disc pl-5 text-sm">
        {failed.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <Text size="sm" tone="muted">
        Log into them in the automation browser, then click Recheck. Replies are not published on a network
        until its login is verified.
      </Text>
      <StepActions>
        <Button
          variant="secondary"
          onClick={onSkip}
          loading={busy === 'finish'}
          disabled={disabled || busy !== null}
        >
          Skip for now
        </Button>
        <Button onClick={onRecheck} loading={busy === 'recheck'} disabled={disabled || busy !== null}>
          Recheck
        </Button>
      </StepActions>
    </>
  );
}

export function FinishStep({ onStartPublishing }: { onStartPublishing: () => void }) {
  return (
    <>
      <Text size="lg" className="font-semibold">
        {stepTexts.finish}
      </Text>
      <Text size="sm" tone="muted">
        {stepTexts.closesSoon}
      </Text>
      <StepActions>
        <Button onClick={onStartPublishing}>Start Publishing</Button>
      </StepActions>
    </>
  );
}
