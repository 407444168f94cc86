/**
 * A new version of the app waiting to take over, and what must happen before it does. The service worker
 * registration offers the update; a toast shows 'Reload'; the signed-in app registers a step that sends
 * the outbox first, so nothing typed is left behind by the reload.
 */
type Step = () => Promise<void>;

/** How long the steps before an update may take before the update goes ahead anyway. */
export const beforeUpdateTimeoutMs = 10_000;

export function createAppUpdate(timeoutMs = beforeUpdateTimeoutMs) {
  let apply: Step | null = null;
  const listeners = new Set<() => void>();
  const steps = new Set<Step>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** True once a new version waits. */
    isWaiting: (): boolean => apply !== null,
    /** Called by the service worker registration with what lets the new version take over. */
    offer(next: Step): void {
      apply = next;
      notify();
    },
    /** Adds a step run before the update (sending the outbox); returns its removal. */
    beforeUpdate(step: Step): () => void {
      steps.add(step);
      return () => steps.delete(step);
    },
    /**
     * Runs every step (a failed or slow one does not block the update: the outbox is kept on the device
     * and is sent by the new version), then lets the new version take over.
     */
    async reload(): Promise<void> {
      if (!apply) return;
      const run = Promise.allSettled([...steps].map((step) => step()));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([run, timeout]);
      clearTimeout(timer);
      await apply();
    },
  };
}

export type AppUpdate = ReturnType<typeof createAppUpdate>;

/** The app's one update state. */
export const appUpdate = createAppUpdate();
