import type { Subscription } from '@contract/entities';
import { createContext, useContext, useMemo } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb } from '@/db/mirror';
import { apiClient } from '@/lib/api-client';
import { subscriptionKey } from '@/lib/api-keys';
import { AuthContext } from '@/lib/auth';
import { useApi } from '@/lib/use-api';

export { subscriptionKey } from '@/lib/api-keys';

const fetchSubscription = () => apiClient.call('getSubscription');

/** Spec section 4: what the subscription is set to locally after an update action. */
export const activeWithoutAddons: Subscription = { active: true, addons: {} };

function useActiveWorkspaceId(): string | null {
  // Read without useAuth so that a screen rendered without the auth provider (a test) still works.
  return useContext(AuthContext)?.activeWorkspace?.id ?? null;
}

/**
 * The workspace's subscription. Fetched once per active workspace: not again on focus or reconnect, nor
 * on mount while a copy is cached (spec section 4); actions that change it update the cache themselves.
 * The page's own answer (decision 017) shows at once but is not a cached copy: the first mount still asks,
 * which the page answers, so that the subscription is kept on this device as an asked one is.
 * While the subscription of a newly active workspace loads, the last one is kept, so that a form that
 * has just made a workspace active is not replaced by a spinner under its own feet.
 */
export function useSubscription({ enabled = true }: { enabled?: boolean } = {}) {
  const workspaceId = useActiveWorkspaceId();
  const { cache } = useSWRConfig();
  // Kept on this device per workspace, so that the gates open offline.
  return useApi('getSubscription', enabled ? {} : null, {
    of: workspaceId,
    kept: workspaceId ? keptCopies.subscription(getMirrorDb(), workspaceId) : null,
    shown: 'offline',
    revalidateOnMount: cache.get(unstable_serialize(subscriptionKey(workspaceId)))?.data === undefined,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    keepPreviousData: true,
  });
}

/** The actions that change the subscription in the data cache. */
export function useSubscriptionUpdates() {
  const { mutate } = useSWRConfig();
  const currentWorkspaceId = useActiveWorkspaceId();
  return useMemo(
    () => ({
      /**
       * After a checkout: set locally to active with no add-ons (spec section 4), then ask the server
       * once so the add-on appears. A payment provider's webhook may not have reached the server yet, so
       * an answer that is still inactive does not undo the local state; the next load tells the truth.
       */
      activated: (workspaceId: string | null = currentWorkspaceId) =>
        mutate<Subscription>(
          subscriptionKey(workspaceId),
          async () => {
            const fresh = await fetchSubscription().catch(() => null);
            return fresh?.active ? fresh : activeWithoutAddons;
          },
          { optimisticData: activeWithoutAddons, revalidate: false, rollbackOnError: false },
        ),
      /** Puts a subscription the server has answered with into the cache, without asking again. */
      set: (subscription: Subscription, workspaceId: string | null = currentWorkspaceId) =>
        mutate<Subscription>(subscriptionKey(workspaceId), subscription, { revalidate: false }),
      /** Asks the server for the subscription again. */
      refetch: (workspaceId: string | null = currentWorkspaceId) =>
        mutate<Subscription>(subscriptionKey(workspaceId)),
    }),
    [mutate, currentWorkspaceId],
  );
}

/**
 * The subscription the subscription gate has checked, for the screens behind it (undefined outside it).
 * A screen reads it from here rather than from a data hook of its own: the gate is taken over (decision
 * 020) a moment before the screen, and a second hook for the same answer would then draw the screen twice.
 */
export const GateSubscriptionContext = createContext<Subscription | undefined>(undefined);

/** The subscription: the gate's, or this screen's own (a screen shown without the gate). */
export function useScreenSubscription(): Subscription | undefined {
  const fromGate = useContext(GateSubscriptionContext);
  const own = useSubscription({ enabled: fromGate === undefined });
  return fromGate ?? own.data;
}
