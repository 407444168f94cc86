import type { RouteBody } from '@contract/api';
import type { AutopostingStatus, AutopostingStep } from '@contract/entities';
import { useState } from 'react';
import { ApiError, apiClient, apiFailureMessage } from '@/lib/api-client';
import { useApi } from '@/lib/use-api';

/** How often the status is asked for while the server works (creatingProfile, checkSocials). */
export const AUTOPOSTING_POLL_MS = 30_000;

/** The steps in which the server works on its own and the wizard waits for it. */
const serverSteps: ReadonlySet<AutopostingStep> = new Set(['creatingProfile', 'checkSocials']);

/** What the person asked for, while it is under way. */
export type AutopostingAction = 'start' | 'userData' | 'checkSocials' | 'recheck' | 'finish' | 'settings';

/** A call that failed: which one, and what to tell the person. */
export interface AutopostingFailure {
  action: AutopostingAction;
  message: string;
  /** The payload's field the server refused, when it named one. */
  field?: string;
}

/**
 * The project's autoposting status, asked for while `open` (every 30 s while the server works), and the
 * calls that move it on. Each call's answer is the new status and replaces the cached one; a call that
 * fails leaves the status as it was, says why in `failure`, and, where the server worked, reads it again.
 */
export function useAutoposting(open: boolean) {
  const status = useApi('getAutoposting', open ? {} : null, {
    refreshInterval: (latest) => (latest && serverSteps.has(latest.step) ? AUTOPOSTING_POLL_MS : 0),
  });
  const [busy, setBusy] = useState<AutopostingAction | null>(null);
  const [failure, setFailure] = useState<AutopostingFailure | null>(null);

  /**
   * Runs one call; resolves with the new status, or null when it failed (then `failure` says why). A call
   * the server answers once its work is done (making the profile, checking the logins) shows the step of
   * that work (`working`) meanwhile, polled like any status in it; when it fails, the step shown is the
   * one before until the server's is read again.
   */
  const run = async (
    action: AutopostingAction,
    call: () => Promise<AutopostingStatus>,
    working?: AutopostingStep,
  ): Promise<AutopostingStatus | null> => {
    setBusy(action);
    setFailure(null);
    const before = status.data;
    // Not over Autopilot's settings (a recheck from finish): they stay while the check runs.
    const shown = working && before && before.step !== 'finish' ? before : null;
    if (working && shown)
      await status.mutate({ ...shown, step: working, problem: null }, { revalidate: false });
    try {
      const next = await call();
      await status.mutate(next, { revalidate: false });
      return next;
    } catch (error) {
      const field = error instanceof ApiError ? error.error.field : undefined;
      setFailure({ action, message: apiFailureMessage(error), ...(field ? { field } : {}) });
      if (shown) {
        await status.mutate(shown, { revalidate: false });
        // The server may have moved elsewhere (a lost profile goes back to the details form).
        status.mutate().catch(() => undefined);
      }
      return null;
    } finally {
      setBusy(null);
    }
  };

  return {
    status,
    busy,
    failure,
    clearFailure: () => setFailure(null),
    start: () => run('start', () => apiClient.call('startAutoposting', { body: {} })),
    submitUserData: (body: RouteBody<'submitAutopostingUserData'>) =>
      run('userData', () => apiClient.call('submitAutopostingUserData', { body }), 'creatingProfile'),
    checkSocials: () =>
      run('checkSocials', () => apiClient.call('checkAutopostingSocials', { body: {} }), 'checkSocials'),
    recheckSocials: () =>
      run('recheck', () => apiClient.call('recheckAutopostingSocials', { body: {} }), 'checkSocials'),
    finish: () => run('finish', () => apiClient.call('finishAutoposting', { body: {} })),
    updateSettings: (body: RouteBody<'updateAutopilotSettings'>) =>
      run('settings', () => apiClient.call('updateAutopilotSettings', { body })),
  };
}

export type Autoposting = ReturnType<typeof useAutoposting>;
