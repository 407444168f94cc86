import { describe, expect, it } from 'vitest';
import { clerkKey } from '../tests/support/clerk-tokens';
import { EnvError, loadEnv } from './env';

function refusal(source: Record<string, string>): string {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe('server configuration', () => {
  it('runs on port 8080 with its data under ./data when nothing is set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CLERK_JWT_KEY).toBeUndefined();
    expect(env.SOCIALS).toEqual(['reddit', 'hackernews']);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('treats an empty variable as unset', () => {
    const env = loadEnv({ PORT: '', DATA_DIR: '', DATABASE_URL: '', SOCIALS: '' });
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SOCIALS).toEqual(['reddit', 'hackernews']);
  });

  it('takes PORT, DATA_DIR, DATABASE_URL and SOCIALS when they are valid', () => {
    const env = loadEnv({
      PORT: '3000',
      DATA_DIR: '/var/lib/replyradar',
      DATABASE_URL: 'postgresql://app@db:5432/replyradar',
      SOCIALS: ' hackernews , reddit ',
    });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('/var/lib/replyradar');
    expect(env.DATABASE_URL).toBe('postgresql://app@db:5432/replyradar');
    expect(env.SOCIALS).toEqual(['hackernews', 'reddit']);
  });

  it('stops on a PORT that is not a number, naming PORT', () => {
    expect(refusal({ PORT: 'abc' })).toMatch(/^\s+PORT: /m);
    expect(refusal({ PORT: '70000' })).toMatch(/^\s+PORT: /m);
  });

  it('stops on a DATABASE_URL that is not PostgreSQL, naming DATABASE_URL', () => {
    expect(refusal({ DATABASE_URL: 'mysql://x' })).toMatch(
      /^\s+DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection URL$/m,
    );
  });

  it('stops on a network it does not know, naming SOCIALS', () => {
    expect(refusal({ SOCIALS: 'myspace' })).toMatch(/^\s+SOCIALS\b/m);
    expect(refusal({ SOCIALS: 'reddit,myspace' })).toMatch(/^\s+SOCIALS\b/m);
  });

  it('stops on an AUTH_SECRET shorter than 32 characters, naming AUTH_SECRET', () => {
    expect(refusal({ AUTH_SECRET: 'short' })).toMatch(/^\s+AUTH_SECRET: must be at least 32 characters$/m);
  });

  it('stops when CLERK_JWT_KEY is set without CLERK_AUTHORIZED_PARTIES, naming CLERK_AUTHORIZED_PARTIES', async () => {
    const { publicKeyPem } = await clerkKey();
    expect(refusal({ CLERK_JWT_KEY: publicKeyPem })).toMatch(/^\s+CLERK_AUTHORIZED_PARTIES: is required/m);
    const env = loadEnv({ CLERK_JWT_KEY: publicKeyPem, CLERK_AUTHORIZED_PARTIES: 'http://localhost:8080' });
    expect(env.CLERK_AUTHORIZED_PARTIES).toEqual(['http://localhost:8080']);
  });

  it('stops on a CLERK_JWT_KEY that is not a PEM public key, naming CLERK_JWT_KEY', () => {
    expect(
      refusal({ CLERK_JWT_KEY: 'sk_test_123', CLERK_AUTHORIZED_PARTIES: 'http://localhost:8080' }),
    ).toMatch(/^\s+CLERK_JWT_KEY: must be the PEM public key/m);
  });

  it('names every bad variable at once', () => {
    const message = refusal({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
