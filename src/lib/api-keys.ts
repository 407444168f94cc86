import type { RouteName } from '@contract/api';
import type { CallArgs } from '@/lib/api-client';

/** The data cache's key of one call: its route name and its arguments. */
export type ApiKey<N extends RouteName> = readonly [N, CallArgs<N>];

/** The projects list's key (the same one `useApi('listProjects', {})` uses). */
export const projectsKey: ApiKey<'listProjects'> = ['listProjects', {}];

/**
 * The subscription's key: the call and the active workspace, because the subscription is the
 * workspace's (or, before the buyer's first workspace exists, the buyer's). A new active workspace is a new
 * key, so its subscription is asked for once.
 */
export function subscriptionKey(workspaceId: string | null) {
  return ['getSubscription', {}, workspaceId] as const;
}
