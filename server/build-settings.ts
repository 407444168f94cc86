import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The app's `VITE_` settings are written into its build, the server reads its own from the environment:
 * a build made without `VITE_PADDLE_CLIENT_TOKEN` shows the local checkout to a server that bills through
 * Paddle, whose checkout then fails. The build records a fingerprint of each `VITE_` value beside the
 * app (never the value), and the server refuses to start when the environment's differ.
 */

/** Beside the built app (`dist/client`), where the server does not serve it. */
export const buildSettingsFile = 'vite-settings.json';

/** `VITE_` name → a fingerprint of its value (the first 16 hex digits of its SHA-256), null when unset. */
export type ViteSettings = Record<string, string | null>;

export function fingerprint(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  return createHash('sha256').update(value).digest('hex').slice(0, 16);
}

/**
 * The `VITE_` variables the app reads (`src/lib/env.ts`), the only ones a build depends on. Vite's own
 * (`VITE_CJS_IGNORE_WARNING`, `VITE_CONFIG_NATIVE_IGNORE_WARNING`…) and any other a shell happens to
 * export change nothing in the app, so they must not stop a start.
 */
export const appViteVariables = [
  'VITE_CLERK_PUBLISHABLE_KEY',
  'VITE_PADDLE_CLIENT_TOKEN',
  'VITE_PADDLE_ENVIRONMENT',
  'VITE_CRISP_WEBSITE_ID',
] as const;

/** The fingerprints of the app's `VITE_` variables an environment sets. */
export function viteSettingsOf(env: Record<string, string | undefined>): ViteSettings {
  const settings: ViteSettings = {};
  for (const name of appViteVariables) {
    const value = fingerprint(env[name]);
    if (value !== null) settings[name] = value;
  }
  return settings;
}

/**
 * The `VITE_` variables the server's own configuration needs in the app, with why: Paddle billing
 * needs the app to check out through Paddle.js.
 */
export function requiredViteSettings(env: Record<string, string | undefined>): Record<string, string> {
  return env.PADDLE_WEBHOOK_SECRET
    ? {
        VITE_PADDLE_CLIENT_TOKEN:
          'billing goes through Paddle (PADDLE_WEBHOOK_SECRET is set), and the app checks out through Paddle with it',
      }
    : {};
}

/** Each variable the build and the environment disagree on, with how, in words; empty when they agree. */
export function settingDifferences(
  built: ViteSettings,
  now: ViteSettings,
  required: Record<string, string> = {},
): string[] {
  const names = [...new Set([...Object.keys(built), ...Object.keys(now)])].sort();
  const differences: string[] = [];
  for (const name of names) {
    const [then, current] = [built[name] ?? null, now[name] ?? null];
    if (then === current) continue;
    if (then === null) differences.push(`${name} is set now but was not set when the app was built`);
    else if (current === null) differences.push(`${name} was set when the app was built but is not set now`);
    else differences.push(`${name} has another value than when the app was built`);
  }
  for (const [name, reason] of Object.entries(required))
    if (!built[name] && !now[name]) differences.push(`${name} is not set, but ${reason}`);
  return differences;
}

/** What `npm start` says when it will not serve the build: the variables, and what to do. */
export function mismatchMessage(differences: string[]): string {
  return [
    "ReplyRadar will not start: the built app's VITE_ settings do not match this environment:",
    ...differences.map((difference) => `  - ${difference}`),
    'Build the app again with the same settings (npm run build), or set them as they were, then start.',
  ].join('\n');
}

/**
 * Compares the build beside `staticDir` with the environment: null when they agree (or the build is
 * older than the record and says nothing), otherwise the message to refuse with.
 */
export function checkBuildSettings(
  staticDir: string,
  env: Record<string, string | undefined>,
): string | null {
  const file = path.resolve(staticDir, '..', buildSettingsFile);
  if (!existsSync(file)) return null;
  const built = JSON.parse(readFileSync(file, 'utf8')) as { vite: ViteSettings };
  // A record written before the list of the app's variables (or by another tool) may hold others.
  const builtApp = Object.fromEntries(
    appViteVariables.filter((name) => name in built.vite).map((name) => [name, built.vite[name] ?? null]),
  );
  const differences = settingDifferences(builtApp, viteSettingsOf(env), requiredViteSettings(env));
  return differences.length === 0 ? null : mismatchMessage(differences);
}
