import { DomainError } from '../domain/errors';
import { ProfileServiceError } from './types';

/** What the wizard was doing with the profile service, for the words of a failure. */
/** `check` from setupSocials ('Continue'); `recheck` from checkSocialsFailed or finish ('Recheck'). */
export type ProfileWork = 'create' | 'check' | 'recheck' | 'login' | 'countries';

const doing: Record<ProfileWork, string> = {
  create: 'Creating your automation profile',
  check: 'Checking your social accounts',
  recheck: 'Checking your social accounts',
  login: 'Opening your automation profile',
  countries: 'Loading the countries',
};

const retry: Record<ProfileWork, string> = {
  create: 'submit your details again',
  check: 'press Continue to check again',
  recheck: 'press Recheck to check again',
  login: 'open this window again',
  countries: 'open this window again',
};

/**
 * Runs `work` for at most as long as `signal` allows: a service that ignores the signal still gives
 * up its caller when the time is out (its work may go on; every call of the service is safe to repeat).
 */
export function within<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A profile-service failure, in words the person can act on, as the wizard stores and shows it. */
export function profileProblem(error: unknown, work: ProfileWork, signal: AbortSignal, timeoutMs: number) {
  if (error instanceof ProfileServiceError && error.kind !== 'timeout')
    return { kind: error.kind, message: error.message };
  if (signal.aborted || (error instanceof ProfileServiceError && error.kind === 'timeout')) {
    const seconds = Math.max(1, Math.round(timeoutMs / 1000));
    return {
      kind: 'timeout' as const,
      message: `${doing[work]} took longer than ${seconds} second${seconds === 1 ? '' : 's'}, so it was stopped. The browser-profile service may be busy: wait a minute, then ${retry[work]}.`,
    };
  }
  return {
    kind: 'unexpected' as const,
    message: `${doing[work]} failed on our side. Wait a minute, then ${retry[work]}; if it keeps failing, tell us.`,
  };
}

/**
 * The answer to a call whose profile-service work failed: 504 on a time-out, 409 when the profile is
 * not in the service (the person makes a new one), 502 otherwise.
 */
export function profileError(problem: ReturnType<typeof profileProblem>): DomainError {
  if (problem.kind === 'timeout')
    return new DomainError('upstream-timeout', 'profile_service_timeout', problem.message);
  if (problem.kind === 'not_found') return new DomainError('conflict', 'profile_not_found', problem.message);
  return new DomainError('upstream-failed', 'profile_service_failed', problem.message);
}
