import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { billingMode } from './billing';
import { paddleApiUrl } from './paddle-api';

describe('billing configuration', () => {
  it('bills locally when PADDLE_WEBHOOK_SECRET is not set', () => {
    expect(billingMode(loadEnv({}))).toBe('local');
    expect(billingMode(loadEnv({ PADDLE_WEBHOOK_SECRET: '' }))).toBe('local');
  });

  it('bills through Paddle when PADDLE_WEBHOOK_SECRET is set, in production by default', () => {
    const env = loadEnv({ PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_x', PADDLE_API_KEY: 'pdl_live_apikey_x' });
    expect(billingMode(env)).toBe('paddle');
    expect(env.PADDLE_ENVIRONMENT).toBe('production');
    expect(env.PADDLE_WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    expect(paddleApiUrl(env)).toBe('https://api.paddle.com');
  });

  it('uses the sandbox API in the sandbox, and PADDLE_API_URL over both', () => {
    expect(paddleApiUrl(loadEnv({ PADDLE_ENVIRONMENT: 'sandbox' }))).toBe('https://sandbox-api.paddle.com');
    expect(
      paddleApiUrl(loadEnv({ PADDLE_ENVIRONMENT: 'sandbox', PADDLE_API_URL: 'http://127.0.0.1:9999/' })),
    ).toBe('http://127.0.0.1:9999');
  });

  it.each([
    [
      { PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_x' },
      'PADDLE_API_KEY: is required when PADDLE_WEBHOOK_SECRET is set',
    ],
    [{ PADDLE_ENVIRONMENT: 'staging' }, 'PADDLE_ENVIRONMENT'],
    [{ PADDLE_API_URL: 'ftp://paddle.example' }, 'PADDLE_API_URL'],
    [{ PADDLE_WEBHOOK_TOLERANCE_SECONDS: '0' }, 'PADDLE_WEBHOOK_TOLERANCE_SECONDS'],
  ])('refuses %j, naming the variable', (source, named) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(named);
  });
});
