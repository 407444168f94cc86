// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigurationError, parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults every variable when none is set', () => {
    expect(parseEnv({})).toEqual({
      VITE_CLERK_PUBLISHABLE_KEY: undefined,
      VITE_PADDLE_CLIENT_TOKEN: undefined,
      VITE_PADDLE_ENVIRONMENT: 'production',
      VITE_CRISP_WEBSITE_ID: undefined,
    });
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({
      VITE_CLERK_PUBLISHABLE_KEY: '',
      VITE_PADDLE_CLIENT_TOKEN: '',
      VITE_PADDLE_ENVIRONMENT: '',
      VITE_CRISP_WEBSITE_ID: '',
    });
    expect(env.VITE_CLERK_PUBLISHABLE_KEY).toBeUndefined();
    expect(env.VITE_PADDLE_ENVIRONMENT).toBe('production');
  });

  it('accepts test and live Clerk keys', () => {
    expect(parseEnv({ VITE_CLERK_PUBLISHABLE_KEY: 'pk_test_abc' }).VITE_CLERK_PUBLISHABLE_KEY).toBe(
      'pk_test_abc',
    );
    expect(parseEnv({ VITE_CLERK_PUBLISHABLE_KEY: 'pk_live_abc' }).VITE_CLERK_PUBLISHABLE_KEY).toBe(
      'pk_live_abc',
    );
  });

  it('refuses a Clerk key of another kind, naming the variable and the reason', () => {
    expect(() => parseEnv({ VITE_CLERK_PUBLISHABLE_KEY: 'sk_test_secret' })).toThrow(ConfigurationError);
    expect(() => parseEnv({ VITE_CLERK_PUBLISHABLE_KEY: 'sk_test_secret' })).toThrow(
      'VITE_CLERK_PUBLISHABLE_KEY must start with pk_test_ or pk_live_',
    );
  });

  it('refuses an unknown Paddle environment', () => {
    expect(() => parseEnv({ VITE_PADDLE_ENVIRONMENT: 'staging' })).toThrow(
      'VITE_PADDLE_ENVIRONMENT must be sandbox or production',
    );
  });

  it('keeps the other variables', () => {
    const env = parseEnv({
      VITE_PADDLE_CLIENT_TOKEN: 'test_123',
      VITE_PADDLE_ENVIRONMENT: 'sandbox',
      VITE_CRISP_WEBSITE_ID: 'crisp-id',
      BASE_URL: '/',
    });
    expect(env).toMatchObject({
      VITE_PADDLE_CLIENT_TOKEN: 'test_123',
      VITE_PADDLE_ENVIRONMENT: 'sandbox',
      VITE_CRISP_WEBSITE_ID: 'crisp-id',
    });
  });
});
