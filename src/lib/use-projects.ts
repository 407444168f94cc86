import type { RouteData } from '@contract/api';
import { createContext, useContext } from 'react';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { AuthContext } from '@/lib/auth';
import { useApi } from '@/lib/use-api';

export { projectsKey } from '@/lib/api-keys';

/**
 * The workspace's projects; the first is the current project. `enabled: false` leaves it idle. The list
 * is kept on this device, so offline the screens and the gates open with the last one seen.
 */
export function useProjects({
  enabled = true,
  db = getMirrorDb(),
}: {
  enabled?: boolean;
  db?: MirrorDb;
} = {}) {
  // Read without useAuth so that a screen rendered without the auth provider (a test) still works.
  const workspaceId = useContext(AuthContext)?.activeWorkspace?.id ?? null;
  return useApi('listProjects', enabled ? {} : null, {
    kept: workspaceId ? keptCopies.projects(db, workspaceId) : null,
    shown: 'offline',
  });
}

/**
 * The projects the onboarding gate has checked, for the screens behind it (undefined outside it). A screen
 * reads them from here rather than from a data hook of its own: the gate is taken over (decision 020) a
 * moment before the screen, and a second hook for the same answer would then draw the screen twice.
 */
export const GateProjectsContext = createContext<RouteData<'listProjects'> | undefined>(undefined);

/** The workspace's projects: the gate's, or this screen's own (a screen shown without the gate). */
export function useScreenProjects({ db }: { db?: MirrorDb } = {}): RouteData<'listProjects'> | undefined {
  const fromGate = useContext(GateProjectsContext);
  const own = useProjects({ enabled: fromGate === undefined, ...(db ? { db } : {}) });
  return fromGate ?? own.data;
}
