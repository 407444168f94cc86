import { z } from 'zod';
import { DEFAULT_PASSWORD_COST } from './auth/passwords';
import { missingVariables, parseRateLimits } from './discovery/sources/networks';
import { socialSlugs } from './domain/networks';
import { parseTrustProxy } from './http/trusted-proxy';
import { parseAllowedHost } from './net/safe-fetch';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
/** A comma-separated variable as its trimmed, non-empty items. */
const commaList = (fallback = '') =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(fallback)
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
  );
const int = (fallback: number, min = 0) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).default(fallback));
const price = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().nonnegative().default(fallback));

/**
 * The server's whole configuration. Every variable is listed in the README; a wrong value stops
 * start-up with a message naming the variable.
 */
export const envSchema = z
  .object({
    PORT: int(8080, 1).pipe(z.number().max(65535)),
    HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    STATIC_DIR: z.preprocess(emptyAsUndefined, z.string().default('./dist/client')),
    RENDER_DIR: z.preprocess(emptyAsUndefined, z.string().default('./dist/render')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
        .optional(),
    ),
    /** `off` trades the embedded database's durability for write speed (decision 026). */
    PGLITE_SYNC: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
    LOG_LEVEL: z.preprocess(
      emptyAsUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /** Which reverse proxies may say who the client is and how it connected (decision 024). */
    TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().default('false')).transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (typeof trust !== 'string') return trust;
      ctx.addIssue({ code: 'custom', message: trust });
      return z.NEVER;
    }),
    BODY_LIMIT_BYTES: int(256 * 1024, 1024),

    AUTH_SECRET: z.preprocess(
      emptyAsUndefined,
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    AUTH_TOKEN_TTL_SECONDS: int(300, 30),
    AUTH_SESSION_TTL_DAYS: int(30, 1),
    AUTH_RATE_LIMIT_PER_MINUTE: int(10, 1),
    /** scrypt's cost for new password hashes, as a power of two (server/auth/passwords.ts). */
    AUTH_PASSWORD_COST: int(DEFAULT_PASSWORD_COST, 10).pipe(z.number().max(18)),

    /** Set: mail goes out through this SMTP server; unset: to the local outbox (the log and DATA_DIR/outbox.jsonl). */
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('ReplyRadar <no-reply@localhost>')),
    /** The address people reach the app at, for links in mail (required with SMTP_URL). */
    APP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),

    CLERK_JWT_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .includes('PUBLIC KEY', { message: 'must be the PEM public key from the Clerk dashboard' })
        .optional(),
    ),
    CLERK_AUTHORIZED_PARTIES: commaList().pipe(
      z.array(z.url({ message: 'must be a comma-separated list of origins' })),
    ),
    VITE_CLERK_PUBLISHABLE_KEY: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^pk_(test|live)_/, 'must start with pk_test_ or pk_live_')
        .optional(),
    ),
    /** Read only to let the CSP allow Paddle.js when the app checks out through Paddle. */
    VITE_PADDLE_CLIENT_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Read only to let the CSP allow the Crisp chat widget when the app loads it. */
    VITE_CRISP_WEBSITE_ID: z.preprocess(emptyAsUndefined, z.string().optional()),

    /** Unset: every network usable with the variables below; set: only these, in this order. */
    SOCIALS: commaList()
      .pipe(z.array(z.enum(socialSlugs)))
      .transform((slugs) => (slugs.length === 0 ? undefined : [...new Set(slugs)])),
    /** Application-only OAuth for Reddit; unset: Reddit's public search.json. */
    REDDIT_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
    REDDIT_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
    REDDIT_USER_AGENT: z.preprocess(emptyAsUndefined, z.string().optional()),
    X_BEARER_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    BLUESKY_HANDLE: z.preprocess(emptyAsUndefined, z.string().optional()),
    BLUESKY_APP_PASSWORD: z.preprocess(emptyAsUndefined, z.string().optional()),
    BLUESKY_SERVICE: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/ }).default('https://bsky.social'),
    ),
    MASTODON_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    MASTODON_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** The LinkedIn data provider's search endpoint (request and answer in server/discovery/sources/README.md). */
    LINKEDIN_PROVIDER_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    LINKEDIN_PROVIDER_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Override the networks' API hosts (a proxy, or a local fake server in tests). */
    HACKERNEWS_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    REDDIT_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    X_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /** Where Reddit threads are opened (links of found posts, and Autopilot's replies); a local server in tests. */
    REDDIT_WEB_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/ }).default('https://www.reddit.com'),
    ),
    /** Where Autopilot signs in and replies on X, Bluesky and LinkedIn (Mastodon: MASTODON_URL); local servers in tests. */
    X_WEB_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://x.com')),
    BLUESKY_WEB_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/ }).default('https://bsky.app'),
    ),
    LINKEDIN_WEB_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/ }).default('https://www.linkedin.com'),
    ),

    /**
     * What every process together may spend of each network, over the defaults (decision 047):
     * `network=requests/window`, comma-separated (`reddit=90/1m,x=54/15m`).
     */
    NETWORK_RATE_LIMITS: z.preprocess(emptyAsUndefined, z.string().default('')).transform((value, ctx) => {
      const limits = parseRateLimits(value);
      if (typeof limits !== 'string') return limits;
      ctx.addIssue({ code: 'custom', message: limits });
      return z.NEVER;
    }),

    /** Set: Autopilot's browser profiles live in GoLogin; unset: local profiles under DATA_DIR (playwright-core). */
    GOLOGIN_API_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    /** GoLogin's REST API and its cloud browser (tests point them at a local fake server). */
    GOLOGIN_API_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^https?$/ }).default('https://api.gologin.com'),
    ),
    GOLOGIN_CLOUD_URL: z.preprocess(
      emptyAsUndefined,
      z.url({ protocol: /^(https?|wss?)$/ }).default('https://cloudbrowser.gologin.com'),
    ),
    /** The Chromium the local browser profiles run (Debian's by default). */
    CHROMIUM_PATH: z.preprocess(emptyAsUndefined, z.string().default('/usr/bin/chromium')),
    /** `on`: the login browser of a local profile opens with a window (needs a display); `off`: headless, reached by its remote-debugging link. Unset: `on` when DISPLAY is set. */
    AUTOPOST_HEADED: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).optional()),
    /** How often due publications are looked for, in seconds. */
    AUTOPOST_POLL_SECONDS: int(60, 1),

    /** Retired (decision 069): set, it stops start-up rather than be ignored, so no grant is lost unseen. */
    KEYWORDS_WIDE_WORKSPACES: z.preprocess(
      emptyAsUndefined,
      z.undefined({
        message:
          "is no longer read: wide keywords are granted in the database (UPDATE workspaces SET wide_keywords = true WHERE id = '…'; decision 069)",
      }),
    ),

    /** UTC hour (0–23) of the daily discovery run. */
    DISCOVERY_HOUR: int(6).pipe(z.number().max(23)),
    /** Most posts kept per keyword and found date. */
    DISCOVERY_MAX_PER_KEYWORD: int(20, 1).pipe(z.number().max(100)),
    /** Relevance score (0–100) a post needs to be kept; unset: the trained ranker's own threshold. */
    DISCOVERY_MIN_SCORE: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100).optional()),
    /** `off`: this process only serves the app and queues jobs; `npm run worker` processes run them (PostgreSQL). */
    WORKER: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),

    /** An OpenAI-compatible endpoint for drafting; without it (and LLM_MODEL) the built-in drafter runs. */
    LLM_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    LLM_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().optional()),
    /** Hosts user-given links may reach although they are private or local (tests, local demos); `host:port` on that port only. */
    FETCH_ALLOW_HOSTS: commaList().transform((hosts, ctx) => {
      const wrong = hosts.filter((entry) => parseAllowedHost(entry) === null);
      if (wrong.length === 0) return hosts.map((entry) => entry.toLowerCase().replace(/^\[(.*)\]$/, '$1'));
      ctx.addIssue({
        code: 'custom',
        message: `must be host names or IP addresses, each with an optional :port ([::1]:8080 for IPv6) (not ${wrong.join(', ')})`,
      });
      return z.NEVER;
    }),
    /** Longest a product page may take to read (off the main thread) before it is refused as too complex (decision 021). */
    PAGE_READ_BUDGET_MS: int(3000, 50),

    PLAN_START_PRICE_MONTH: price(49),
    PLAN_START_PRICE_YEAR: price(470),
    PLAN_AUTOPOST_PRICE_MONTH: price(30),
    PLAN_AUTOPOST_PRICE_YEAR: price(288),
    PADDLE_PRICE_START_MONTH: z.preprocess(emptyAsUndefined, z.string().default('local_start_month')),
    PADDLE_PRICE_START_YEAR: z.preprocess(emptyAsUndefined, z.string().default('local_start_year')),
    PADDLE_PRICE_AUTOPOST_MONTH: z.preprocess(emptyAsUndefined, z.string().default('local_autopost_month')),
    PADDLE_PRICE_AUTOPOST_YEAR: z.preprocess(emptyAsUndefined, z.string().default('local_autopost_year')),
    /** Set: billing through Paddle (signed webhooks, customer portal); unset: local billing. */
    PADDLE_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    PADDLE_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    PADDLE_ENVIRONMENT: z.preprocess(
      emptyAsUndefined,
      z.enum(['sandbox', 'production']).default('production'),
    ),
    /** Overrides the API host PADDLE_ENVIRONMENT picks (tests point it at a local fake server). */
    PADDLE_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    PADDLE_WEBHOOK_TOLERANCE_SECONDS: int(300, 1),
  })
  .superRefine((env, ctx) => {
    // A network's credentials come in pairs: half a pair is a mistake, not "not configured".
    const pairs = [
      ['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'],
      ['BLUESKY_HANDLE', 'BLUESKY_APP_PASSWORD'],
      ['MASTODON_URL', 'MASTODON_TOKEN'],
      ['LINKEDIN_PROVIDER_URL', 'LINKEDIN_PROVIDER_TOKEN'],
    ] as const;
    for (const [first, second] of pairs) {
      if (Boolean(env[first]) === Boolean(env[second])) continue;
      const [set, unset] = env[first] ? [first, second] : [second, first];
      ctx.addIssue({ code: 'custom', path: [unset], message: `is required when ${set} is set` });
    }
    for (const slug of env.SOCIALS ?? []) {
      const missing = missingVariables(slug, env);
      if (missing.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['SOCIALS'],
          message: `${slug} needs ${missing.join(' and ')}`,
        });
      }
    }
    if (Boolean(env.LLM_BASE_URL) !== Boolean(env.LLM_MODEL)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL'],
        message: 'LLM_BASE_URL and LLM_MODEL are set together (the endpoint and the model to ask)',
      });
    }
    if (env.CLERK_JWT_KEY && env.CLERK_AUTHORIZED_PARTIES.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLERK_AUTHORIZED_PARTIES'],
        message: 'is required when CLERK_JWT_KEY is set (the origins the app is served from)',
      });
    }
    if (env.SMTP_URL && !env.APP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'is required when SMTP_URL is set (the address links in mail point to, https://…)',
      });
    }
    if (env.PADDLE_WEBHOOK_SECRET && !env.PADDLE_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PADDLE_API_KEY'],
        message: 'is required when PADDLE_WEBHOOK_SECRET is set (the billing portal link is made with it)',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment; the error names each bad variable and why. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}
