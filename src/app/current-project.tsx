import { useLayoutEffect } from 'react';
import { useSubscription } from '@/features/billing/use-subscription';
import { useAuth } from '@/lib/auth';
import { useProjects } from '@/lib/use-projects';
import { currentProjectHeader } from './api-client-wiring';

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

  return null;
}
