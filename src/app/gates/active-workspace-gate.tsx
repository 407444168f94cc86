import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/loader';
import { Text } from '@/components/ui/text';
import { useAuth } from '@/lib/auth';
import { activeWorkspaceGate } from './gate-rules';

/**
 * Spec section 2, active workspace: a person with memberships but no active workspace gets the first
 * membership made active, with a spinner meanwhile. A spinner also shows while the memberships load.
 */
export function ActiveWorkspaceGate({ children }: { children: ReactNode }) {
  const { activeWorkspace, memberships, membershipsLoaded, setActive } = useAuth();
  const firstWorkspaceId = memberships[0]?.workspace.id ?? null;
  const needed = membershipsLoaded && activeWorkspace === null && firstWorkspaceId !== null;
  // One request per workspace and attempt, however often the gate renders meanwhile.
  const asked = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const key = `${firstWorkspaceId}:${attempt}`;
    if (!needed || firstWorkspaceId === null || asked.current === key) return;
    asked.current = key;
    setActive(firstWorkspaceId).catch((error: unknown) => {
      console.error('Making the first workspace active failed', error);
      setFailed(true);
    });
  }, [needed, firstWorkspaceId, attempt, setActive]);

  const verdict = activeWorkspaceGate({
    activeWorkspace: activeWorkspace !== null,
    hasMemberships: membershipsLoaded ? firstWorkspaceId !== null : undefined,
  });
  if (verdict === 'pass') return children;
  if (!needed) return <PageLoader />;
  if (failed) {
    return (
      <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 p-6 text-center">
        <Text>Your workspace could not be opened.</Text>
        <Button
          variant="secondary"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  return <PageLoader />;
}
