// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

const paddle = vi.hoisted(() => ({ initializePaddle: vi.fn() }));
vi.mock('@paddle/paddle-js', () => ({ initializePaddle: paddle.initializePaddle }));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('billing adapter choice', () => {
  it('is the local checkout without VITE_PADDLE_CLIENT_TOKEN, loaded once', async () => {
    vi.stubEnv('VITE_PADDLE_CLIENT_TOKEN', '');
    const { billingMode, loadBillingAdapter } = await import('./billing-adapter');
    expect(billingMode).toBe('local');
    const adapter = await loadBillingAdapter();
    expect(adapter.kind).toBe('local');
    await expect(loadBillingAdapter()).resolves.toBe(adapter);
  });

  it('is Paddle with VITE_PADDLE_CLIENT_TOKEN, which loads nothing from Paddle before a checkout opens', async () => {
    vi.stubEnv('VITE_PADDLE_CLIENT_TOKEN', 'live_abc');
    vi.stubEnv('VITE_PADDLE_ENVIRONMENT', 'sandbox');
    const { billingMode, loadBillingAdapter } = await import('./billing-adapter');
    expect(billingMode).toBe('paddle');
    const adapter = await loadBillingAdapter();
    expect(adapter.kind).toBe('paddle');
    await expect(loadBillingAdapter()).resolves.toBe(adapter);
    expect(paddle.initializePaddle).not.toHaveBeenCalled();
  });
});
