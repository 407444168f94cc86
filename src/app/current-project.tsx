import { useEffect } from 'react';
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
  useEffect(() => {
    currentProjectHeader.set(projectId, workspaceId);
  }, [projectId, workspaceId]);
  return null;
}
