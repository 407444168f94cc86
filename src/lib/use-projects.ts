import type { RouteData } from '@contract/api';
import { useContext } from 'react';
import useSWR from 'swr';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb, type MirrorDb } from '@/db/mirror';
import { type ApiError, apiClient } from '@/lib/api-client';
import { type ApiKey, projectsKey } from '@/lib/api-keys';
import { AuthContext } from '@/lib/auth';
import { readThrough } from '@/lib/read-through';

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
  return useSWR<RouteData<'listProjects'>, ApiError, ApiKey<'listProjects'> | null>(
    enabled ? projectsKey : null,
    () => {
      const ask = () => apiClient.call('listProjects');
      return workspaceId ? readThrough(ask, keptCopies.projects(db, workspaceId)) : ask();
    },
  );
}
