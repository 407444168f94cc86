import { useEffect, useLayoutEffect, useRef } from 'react';
import { configureApiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

let currentProject: { id: string; workspaceId: string | null } | null = null;
let activeWorkspaceId: string | null = null;

/**
 * The project whose id every request carries as `project-id`. It is sent only while its workspace is the
 * active one: the server refuses any call whose project-id names a project of another workspace, so a
 * stale id after moving to another workspace would refuse even the call that lists the new projects.
 */
export const currentProjectHeader = {
  get: (): string | null =>
    currentProject && currentProject.workspaceId === activeWorkspaceId ? currentProject.id : null,
  set: (id: string | null, workspaceId: string | null = activeWorkspaceId): void => {
    currentProject = id === null ? null : { id, workspaceId };
  },
};

/**
 * Points the API client at the signed-in person's token (asked afresh for every request) and at the
 * current project. Rendered once, inside AuthProvider and before the gates, so it is configured before any
 * gated screen makes a call.
 */
export function ApiClientWiring() {
  const { getToken, isSignedIn, activeWorkspace } = useAuth();
  const latestGetToken = useRef(getToken);
  const workspaceId = activeWorkspace?.id ?? null;

  // A layout effect, and this component before the routes: it runs before the screens' data hooks ask.
  useLayoutEffect(() => {
    activeWorkspaceId = workspaceId;
  }, [workspaceId]);

  // Layout effects too: a screen whose data is in the page's first answers asks for it again in its own
  // layout effects (after this one), and that call must carry the token and the project.
  useLayoutEffect(() => {
    latestGetToken.current = getToken;
  }, [getToken]);

  useLayoutEffect(() => {
    configureApiClient({
      getToken: () => latestGetToken.current(),
      getProjectId: currentProjectHeader.get,
    });
  }, []);

  useEffect(() => {
    if (!isSignedIn) currentProjectHeader.set(null);
  }, [isSignedIn]);

  return null;
}
