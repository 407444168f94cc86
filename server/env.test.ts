import { describe, expect, it } from 'vitest';
import { clerkKey } from '../tests/support/clerk-tokens';
import { configOf, EnvError, loadEnv } from './env';

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
    // Unset: every network usable with the configuration (see createSources).
    expect(env.SOCIALS).toBeUndefined();
    expect(env.LOG_LEVEL).toBe('info');
  });

  it('treats an empty variable as unset', () => {
    const env = loadEnv({ PORT: '', DATA_DIR: '', DATABASE_URL: '', SOCIALS: '' });
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SOCIALS).toBeUndefined();
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

  it('takes NETWORK_RATE_LIMITS over the defaults, and names it when an item is wrong', () => {
    const env = loadEnv({ NETWORK_RATE_LIMITS: 'reddit=60/1m, x=10/15m' });
    expect(env.NETWORK_RATE_LIMITS.reddit).toEqual({ requests: 60, windowMs: 60_000 });
    expect(env.NETWORK_RATE_LIMITS.x).toEqual({ requests: 10, windowMs: 900_000 });
    expect(env.NETWORK_RATE_LIMITS.hackernews).toEqual({ requests: 9000, windowMs: 3_600_000 });
    expect(loadEnv({}).NETWORK_RATE_LIMITS.reddit).toEqual({ requests: 90, windowMs: 60_000 });
    expect(refusal({ NETWORK_RATE_LIMITS: 'reddit=100' })).toMatch(
      /^\s+NETWORK_RATE_LIMITS: "reddit=100" is not network=requests\/window/m,
    );
    expect(refusal({ NETWORK_RATE_LIMITS: 'myspace=5/1m' })).toMatch(
      /^\s+NETWORK_RATE_LIMITS: "myspace" is not a network/m,
    );
    expect(refusal({ NETWORK_RATE_LIMITS: 'reddit=0/1m' })).toMatch(
      /^\s+NETWORK_RATE_LIMITS: .*allows no request/m,
    );
  });

  it('stops on a network it does not know, naming SOCIALS', () => {
    expect(refusal({ SOCIALS: 'myspace' })).toMatch(/^\s+SOCIALS\b/m);
    expect(refusal({ SOCIALS: 'reddit,myspace' })).toMatch(/^\s+SOCIALS\b/m);
  });

  it('stops when a network is named in SOCIALS without its credentials, naming SOCIALS and the variable', () => {
    expect(refusal({ SOCIALS: 'reddit,x' })).toMatch(/^\s+SOCIALS: x needs X_BEARER_TOKEN$/m);
    expect(loadEnv({ SOCIALS: 'reddit,x', X_BEARER_TOKEN: 'token' }).SOCIALS).toEqual(['reddit', 'x']);
  });

  it.each([
    [{ REDDIT_CLIENT_ID: 'id' }, 'REDDIT_CLIENT_SECRET', 'REDDIT_CLIENT_ID'],
    [{ REDDIT_CLIENT_SECRET: 'secret' }, 'REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'],
    [{ BLUESKY_HANDLE: 'radar.bsky.social' }, 'BLUESKY_APP_PASSWORD', 'BLUESKY_HANDLE'],
    [{ BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop' }, 'BLUESKY_HANDLE', 'BLUESKY_APP_PASSWORD'],
    [{ MASTODON_URL: 'https://mastodon.social' }, 'MASTODON_TOKEN', 'MASTODON_URL'],
    [{ MASTODON_TOKEN: 'token' }, 'MASTODON_URL', 'MASTODON_TOKEN'],
    [
      { LINKEDIN_PROVIDER_URL: 'https://provider.example/search' },
      'LINKEDIN_PROVIDER_TOKEN',
      'LINKEDIN_PROVIDER_URL',
    ],
    [{ LINKEDIN_PROVIDER_TOKEN: 'token' }, 'LINKEDIN_PROVIDER_URL', 'LINKEDIN_PROVIDER_TOKEN'],
  ])('stops on half a pair of network credentials (%o), naming %s', (source, missing, given) => {
    expect(refusal(source)).toMatch(new RegExp(`^\\s+${missing}: is required when ${given} is set$`, 'm'));
  });

  it("takes the networks' credentials, with Bluesky on bsky.social unless BLUESKY_SERVICE says otherwise", () => {
    const env = loadEnv({
      REDDIT_CLIENT_ID: 'id',
      REDDIT_CLIENT_SECRET: 'secret',
      BLUESKY_HANDLE: 'radar.bsky.social',
      BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
      MASTODON_URL: 'https://fosstodon.org',
      MASTODON_TOKEN: 'token',
    });
    expect(env.REDDIT_CLIENT_SECRET).toBe('secret');
    expect(env.BLUESKY_SERVICE).toBe('https://bsky.social');
    expect(env.MASTODON_URL).toBe('https://fosstodon.org');
    expect(refusal({ MASTODON_URL: 'fosstodon.org', MASTODON_TOKEN: 'token' })).toMatch(
      /^\s+MASTODON_URL: /m,
    );
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

  it('stops on KEYWORDS_WIDE_WORKSPACES, which the database replaced, saying how to grant wide keywords', () => {
    expect(refusal({ KEYWORDS_WIDE_WORKSPACES: '0d9c5f0e-8f4b-4c1e-9a57-2b1f7c3e6a10' })).toMatch(
      /^\s+KEYWORDS_WIDE_WORKSPACES: is no longer read: .*UPDATE workspaces SET wide_keywords = true/m,
    );
    expect(() => loadEnv({ KEYWORDS_WIDE_WORKSPACES: '' })).not.toThrow();
  });

  it('names a variable several modules read once, however many of them refuse it', () => {
    const message = refusal({ REDDIT_WEB_URL: 'reddit.com' });
    expect(message.match(/^\s+REDDIT_WEB_URL: /gm)).toHaveLength(1);
  });

  it("gives each module its own variables only: mail's slice holds no Paddle key, billing's no SMTP URL", () => {
    const config = configOf(
      loadEnv({ SMTP_URL: 'smtp://mail.example:587', APP_URL: 'https://app.example', PADDLE_API_KEY: 'key' }),
    );
    expect(config.mail).toStrictEqual({
      SMTP_URL: 'smtp://mail.example:587',
      MAIL_FROM: 'ReplyRadar <no-reply@localhost>',
      APP_URL: 'https://app.example',
      DATA_DIR: './data',
    });
    expect(Object.keys(config.billing)).not.toContain('SMTP_URL');
    expect(config.billing.PADDLE_API_KEY).toBe('key');
  });

  it('names every bad variable at once', () => {
    const message = refusal({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(message).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
