import { useApi } from '@/lib/use-api';

/** The workspace's projects; the first is the current project. `enabled: false` leaves it idle. */
export function useProjects({ enabled = true }: { enabled?: boolean } = {}) {
  return useApi('listProjects', enabled ? {} : null);
}
