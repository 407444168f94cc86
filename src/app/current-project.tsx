import { useEffect, useLayoutEffect } from 'react';
import { unstable_serialize, useSWRConfig } from 'swr';
import { keptCopies } from '@/db/kept-copies';
import { getMirrorDb } from '@/db/mirror';
import { subscriptionKey, useSubscription } from '@/features/billing/use-subscription';
import { useAuth } from '@/lib/auth';
import { whenIdleAfterFirstPaint } from '@/lib/first-paint';
import { projectsKey, useProjects } from '@/lib/use-projects';
import { currentProjectHeader } from './api-client-wiring';

function logKeepFailure(error: unknown) {
  console.error('Could not keep the answer on this device', error);
}

/**
 * Keeps the API client's `project-id` header on the current project (the first of the list), once the
 * person has an active workspace and a subscription, and the list has loaded.
 */
export function CurrentProject() {
  const { activeWorkspace } = useAuth();
  const { data: subscription } = useSubscription();
  const { data: projects } = useProjects({
    enabled: activeWorkspace !== null && subscription?.active === true,
  });
  const projectId = projects?.[0]?.id ?? null;
  const workspaceId = activeWorkspace?.id ?? null;
  // A layout effect: it runs before the data hooks of a screen that mounts in the same commit (SWR starts
  // its requests from layout effects, of components after this one), so their first calls carry the id.
  useLayoutEffect(() => {
    currentProjectHeader.set(projectId, workspaceId);
  }, [projectId, workspaceId]);

  // The subscription and the projects the page came with (decision 017) are kept on this device, as
  // answers the app asks for are (through readThrough), so the next start opens offline too.
  const { fallback } = useSWRConfig();
  const pageProjects = fallback?.[unstable_serialize(projectsKey)];
  const pageSubscription = fallback?.[unstable_serialize(subscriptionKey(workspaceId))];
  const keepProjects = workspaceId !== null && projects !== undefined && projects === pageProjects;
  const keepSubscription =
    workspaceId !== null && subscription !== undefined && subscription === pageSubscription;
  useEffect(() => {
    if (workspaceId === null || (!keepProjects && !keepSubscription)) return;
    void whenIdleAfterFirstPaint().then(() => {
      const db = getMirrorDb();
      if (keepProjects && projects) keptCopies.projects(db, workspaceId).keep(projects).catch(logKeepFailure);
      if (keepSubscription && subscription)
        keptCopies.subscription(db, workspaceId).keep(subscription).catch(logKeepFailure);
    });
  }, [workspaceId, keepProjects, keepSubscription, projects, subscription]);
  return null;
}
