import { useEffect, useRef } from 'react';
import { configureApiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

let currentProjectId: string | null = null;

/** The project whose id every request carries as `project-id`. */
export const currentProjectHeader = {
  get: (): string | null => currentProjectId,
  set: (id: string | null): void => {
    currentProjectId = id;
  },
};

/**
 * Points the API client at the signed-in person's token (asked afresh for every request) and at the
 * current project. Rendered once, inside AuthProvider and before the gates, so it is configured before any
 * gated screen makes a call.
 */
export function ApiClientWiring() {
  const { getToken, isSignedIn } = useAuth();
  const latestGetToken = useRef(getToken);

  useEffect(() => {
    latestGetToken.current = getToken;
  }, [getToken]);

  useEffect(() => {
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
