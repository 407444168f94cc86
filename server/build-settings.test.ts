import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  appViteVariables,
  buildSettingsFile,
  checkBuildSettings,
  fingerprint,
  viteSettingsOf,
} from './build-settings';

const root = mkdtempSync(path.join(tmpdir(), 'replyradar-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build directory whose app was built with `env`'s VITE_ settings, as the vite plugin records them. */
function builtWith(env: Record<string, string>): string {
  const dist = mkdtempSync(path.join(root, 'dist-'));
  const client = path.join(dist, 'client');
  mkdirSync(client);
  writeFileSync(path.join(dist, buildSettingsFile), JSON.stringify({ vite: viteSettingsOf(env) }));
  return client;
}

const clerk = { VITE_CLERK_PUBLISHABLE_KEY: 'pk_test_Y2xlcmsuZXhhbXBsZS5jb20k' };

describe("the build's VITE_ settings against the environment's", () => {
  it('records fingerprints, never the values', () => {
    const settings = viteSettingsOf({ ...clerk, VITE_CRISP_WEBSITE_ID: '', PORT: '8787' });
    expect(settings).toEqual({ VITE_CLERK_PUBLISHABLE_KEY: fingerprint(clerk.VITE_CLERK_PUBLISHABLE_KEY) });
    expect(JSON.stringify(settings)).not.toContain('pk_test');
  });

  it('knows every VITE_ variable the app reads, and only those', () => {
    const appEnv = readFileSync(new URL('../src/lib/env.ts', import.meta.url), 'utf8');
    const read = [...appEnv.matchAll(/^\s+(VITE_[A-Z_]+):/gm)].map((match) => match[1]);
    expect([...appViteVariables].sort()).toEqual(read.sort());
  });

  it("starts whatever Vite's own VITE_ variables were at build time or are now", () => {
    const built = builtWith({ ...clerk, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' });
    expect(checkBuildSettings(built, { ...clerk, VITE_CJS_IGNORE_WARNING: 'true' })).toBeNull();
  });

  it('starts on a build whose record also holds variables the app does not read', () => {
    const dist = mkdtempSync(path.join(root, 'dist-'));
    mkdirSync(path.join(dist, 'client'));
    const vite = { ...viteSettingsOf(clerk), VITE_CONFIG_NATIVE_IGNORE_WARNING: fingerprint('true') };
    writeFileSync(path.join(dist, buildSettingsFile), JSON.stringify({ vite }));
    expect(checkBuildSettings(path.join(dist, 'client'), clerk)).toBeNull();
  });

  it('starts when the environment has the settings the app was built with', () => {
    expect(checkBuildSettings(builtWith(clerk), { ...clerk, PORT: '8787' })).toBeNull();
  });

  it('refuses Paddle billing on a build made without VITE_PADDLE_CLIENT_TOKEN, naming it', () => {
    const paddle = { PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_secret', PADDLE_API_KEY: 'pdl_live_key' };
    expect(checkBuildSettings(builtWith({}), { ...paddle, VITE_PADDLE_CLIENT_TOKEN: 'live_token' })).toBe(
      [
        "ReplyRadar will not start: the built app's VITE_ settings do not match this environment:",
        '  - VITE_PADDLE_CLIENT_TOKEN is set now but was not set when the app was built',
        'Build the app again with the same settings (npm run build), or set them as they were, then start.',
      ].join('\n'),
    );
    // Set nowhere, the app shows its local checkout to a server that bills through Paddle.
    expect(checkBuildSettings(builtWith({}), paddle)).toContain(
      '  - VITE_PADDLE_CLIENT_TOKEN is not set, but billing goes through Paddle (PADDLE_WEBHOOK_SECRET is set), and the app checks out through Paddle with it',
    );
    expect(
      checkBuildSettings(builtWith({ VITE_PADDLE_CLIENT_TOKEN: 'live_token' }), {
        ...paddle,
        VITE_PADDLE_CLIENT_TOKEN: 'live_token',
      }),
    ).toBeNull();
  });

  it('names a setting the build had that the environment lacks, and one that changed', () => {
    const message = checkBuildSettings(builtWith({ ...clerk, VITE_CRISP_WEBSITE_ID: 'crisp-1' }), {
      VITE_CRISP_WEBSITE_ID: 'crisp-2',
    });
    expect(message).toContain(
      '  - VITE_CLERK_PUBLISHABLE_KEY was set when the app was built but is not set now',
    );
    expect(message).toContain('  - VITE_CRISP_WEBSITE_ID has another value than when the app was built');
  });

  it('says nothing about a build that recorded no settings', () => {
    const client = path.join(mkdtempSync(path.join(root, 'old-')), 'client');
    expect(checkBuildSettings(client, { VITE_PADDLE_CLIENT_TOKEN: 'live_token' })).toBeNull();
  });
});
