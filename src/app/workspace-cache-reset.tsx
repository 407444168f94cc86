import { useEffect, useRef } from 'react';
import { useClearApiCache } from '@/lib/api-cache';
import { useAuth } from '@/lib/auth';

/**
 * Starts a new, empty data cache when the person moves from one workspace to another (accepting an
 * invitation while in a workspace), so that no project, post or subscription of the last workspace is
 * shown or acted on in the next. Getting a first workspace needs no reset: nothing workspace-bound was
 * fetched before it, and the subscription is keyed by workspace.
 */
export function WorkspaceCacheReset() {
  const { activeWorkspace } = useAuth();
  const clear = useClearApiCache();
  const workspaceId = activeWorkspace?.id ?? null;
  const last = useRef(workspaceId);
  useEffect(() => {
    const previous = last.current;
    last.current = workspaceId;
    if (previous !== null && workspaceId !== null && previous !== workspaceId) clear();
  }, [workspaceId, clear]);
  return null;
}
