import { render } from '@testing-library/react';
import { useSWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { ApiCacheProvider } from '@/lib/api-cache';
import { AuthContext, type AuthState } from '@/lib/auth';
import { fakeAuth } from '../../tests/support/app-test-utils';
import { ApiClientWiring, currentProjectHeader } from './api-client-wiring';
import { WorkspaceCacheReset } from './workspace-cache-reset';

function CacheProbe({ caches }: { caches: Set<unknown> }) {
  caches.add(useSWRConfig().cache);
  return null;
}

function tree(auth: AuthState, caches: Set<unknown>) {
  return (
    <AuthContext.Provider value={auth}>
      <ApiCacheProvider>
        <WorkspaceCacheReset />
        <CacheProbe caches={caches} />
      </ApiCacheProvider>
    </AuthContext.Provider>
  );
}

describe('workspace data scope', () => {
  it('keeps the cache when a first workspace becomes active, and starts a new one on moving to another', () => {
    const caches = new Set<unknown>();
    const acme = { id: 'w1', name: 'Acme' };
    const view = render(tree(fakeAuth({ activeWorkspace: null }), caches));
    view.rerender(tree(fakeAuth({ activeWorkspace: acme }), caches));
    expect(caches.size).toBe(1);
    view.rerender(tree(fakeAuth({ activeWorkspace: { id: 'w9', name: 'Zeta' } }), caches));
    expect(caches.size).toBe(2);
  });
});

describe('project-id across workspaces', () => {
  it("does not send the last workspace's project once another workspace is active", () => {
    const wiring = (auth: AuthState) => (
      <AuthContext.Provider value={auth}>
        <ApiClientWiring />
      </AuthContext.Provider>
    );
    const view = render(wiring(fakeAuth()));
    currentProjectHeader.set('p1', 'w1');
    expect(currentProjectHeader.get()).toBe('p1');
    view.rerender(wiring(fakeAuth({ activeWorkspace: { id: 'w9', name: 'Zeta' } })));
    expect(currentProjectHeader.get()).toBeNull();
    currentProjectHeader.set('p9', 'w9');
    expect(currentProjectHeader.get()).toBe('p9');
  });
});
