import { type ReactNode, useCallback, useState } from 'react';
import { onDemandDialog } from '@/components/on-demand-dialog';
import { clearAll, clearMirror, type MirrorDb } from '@/db/mirror';
import { useAuth } from '@/lib/auth';
import { UnsentChangesError } from '@/sync/unsent-changes-error';
import { useSyncEngine } from './sync-engine-provider';
import { LogOutContext } from './use-log-out';

// Seldom needed, so its Radix dialog is loaded when it is, not with every signed-in screen.
const UnsentChangesDialog = onDemandDialog(() =>
  import('./unsent-changes-dialog').then((m) => m.UnsentChangesDialog),
);

/**
 * Log out for the signed-in app: send the outbox first. When it cannot be emptied, ask whether to drop
 * the changes ('Log out anyway' empties mirror and outbox) or 'Stay'. After a clean flush the mirror is
 * emptied and the person signed out.
 */
export function LogOutProvider({ children }: { children: ReactNode }) {
  const { signOut } = useAuth();
  const sync = useSyncEngine();
  const [unsent, setUnsent] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);

  const finish = useCallback(
    async (clear: ((db: MirrorDb) => Promise<void>) | null) => {
      if (sync && clear) {
        await clear(sync.db).catch((error: unknown) => console.error('Could not empty the mirror', error));
      }
      await signOut();
    },
    [sync, signOut],
  );

  const logOut = useCallback(async () => {
    if (!sync) return signOut();
    // Fetched while the outbox is sent, in case it cannot be.
    UnsentChangesDialog.preload();
    try {
      await sync.engine.flushBeforeLogout();
    } catch (error) {
      if (error instanceof UnsentChangesError) {
        setUnsent(error.count);
        return;
      }
      // The device's database is unusable (no IndexedDB, say): nothing can be sent, the person still leaves.
      console.error('Could not send the waiting changes before logging out', error);
    }
    await finish(clearMirror);
  }, [sync, signOut, finish]);

  const logOutAnyway = async () => {
    setLeaving(true);
    try {
      await finish(clearAll);
      setUnsent(null);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <LogOutContext.Provider value={logOut}>
      {children}
      <UnsentChangesDialog
        open={unsent !== null}
        onOpenChange={(open) => (open ? undefined : setUnsent(null))}
        count={unsent ?? 0}
        leaving={leaving}
        onLogOutAnyway={() => void logOutAnyway()}
      />
    </LogOutContext.Provider>
  );
}
