// @vitest-environment node
// A plain global object stands in for the page: the unit project runs its files in VM contexts
// (decision 053), where a DOM's `window.location` cannot be replaced to watch its `reload`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = () => void;
const workbox = vi.hoisted(() => ({
  listeners: new Map<string, Listener[]>(),
  register: vi.fn(async () => undefined),
  messageSkipWaiting: vi.fn(),
  created: vi.fn(),
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string) {
      workbox.created(url);
    }
    addEventListener(type: string, listener: Listener) {
      workbox.listeners.set(type, [...(workbox.listeners.get(type) ?? []), listener]);
    }
    register = workbox.register;
    messageSkipWaiting = workbox.messageSkipWaiting;
  },
}));

const { registerServiceWorker } = await import('@/lib/service-worker');
const emit = (type: string) => {
  for (const listener of workbox.listeners.get(type) ?? []) listener();
};

describe('registerServiceWorker', () => {
  beforeEach(() => {
    workbox.listeners.clear();
    vi.clearAllMocks();
    vi.stubGlobal('navigator', { serviceWorker: {} });
    vi.stubGlobal('document', { readyState: 'complete' });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  it('does nothing outside production builds', async () => {
    vi.stubEnv('PROD', false);
    registerServiceWorker(vi.fn());
    await vi.waitFor(() => Promise.resolve());
    expect(workbox.created).not.toHaveBeenCalled();
  });

  it('offers an update when a new version waits, and reloads once it has taken over', async () => {
    vi.stubEnv('PROD', true);
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    const onNeedRefresh = vi.fn<(update: () => Promise<void>) => void>();

    registerServiceWorker(onNeedRefresh);
    await vi.waitFor(() => expect(workbox.register).toHaveBeenCalled());
    expect(workbox.created).toHaveBeenCalledWith('/sw.js');
    expect(onNeedRefresh).not.toHaveBeenCalled();

    emit('waiting');
    expect(onNeedRefresh).toHaveBeenCalledOnce();
    const update = onNeedRefresh.mock.calls[0]?.[0];
    await update?.();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(reload).not.toHaveBeenCalled();

    emit('controlling');
    expect(reload).toHaveBeenCalledOnce();
  });
});
