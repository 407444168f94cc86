import { useCallback, useRef, useState } from 'react';

/**
 * An action beside a field ('Regenerate description', 'Suggest tone of voice'): whether it runs, and the
 * message of its last failure, which the field shows until the action is run again.
 */
export function useFieldAction(action: () => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(action);
  latest.current = action;

  const run = useCallback(async () => {
    setPending(true);
    setError(null);
    try {
      await latest.current();
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setPending(false);
    }
  }, []);

  return { run, pending, error };
}
