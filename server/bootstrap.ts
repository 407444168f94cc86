import type { RenderScreen } from '@contract/screen-renderer';
import { createApp } from './app';
import { ClerkVerifier } from './auth/clerk-verifier';
import { LocalTokens, loadAuthSecret } from './auth/local-tokens';
import type { TokenVerifier } from './auth/principal';
import { PrincipalResolver } from './auth/resolve-principal';
import { createProfileService } from './autoposting/create-profile-service';
import { createPublishers } from './autoposting/publishers';
import type { BrowserProfileService } from './autoposting/types';
import { billingMode } from './billing/billing';
import { type DatabaseHandle, openDatabase } from './db/client';
import type { Progress } from './db/migrate';
import { createDiscovery, createKeywordEstimates } from './discovery/create-discovery';
import type { KeywordEstimates } from './discovery/keyword-estimates';
import { createSources } from './discovery/sources';
import { configOf, type Env } from './env';
import { createDrafter } from './generation/create-drafter';
import type { Drafter } from './generation/drafter';
import type { AppDeps } from './http/deps';
import { loadScreenRenderer } from './http/screen-renderer';
import { createJobQueue } from './jobs/create-job-queue';
import type { JobQueue } from './jobs/job-queue';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/create-mailer';
import { syncSocials } from './routes/socials/socials.routes';

export interface ServerOptions {
  logger?: Logger;
  /** The built app to serve; null serves the API only. Defaults to `STATIC_DIR`. */
  staticDir?: string | null;
  /** An already open database (tests); otherwise one is opened from the configuration. */
  database?: DatabaseHandle;
  /** A drafter to use instead of the one the configuration picks. */
  drafter?: Drafter;
  /** How many posts proposed keywords find a week (by default, asked of the enabled networks). */
  keywordEstimates?: KeywordEstimates;
  /** A job queue to use instead of the one the configuration picks (tests). */
  jobs?: JobQueue;
  /** Draws first screens instead of the renderer built into `RENDER_DIR` (tests); null draws none. */
  renderScreen?: RenderScreen | null;
  /** Autopilot's browser-profile service instead of the one the configuration picks (tests). */
  profiles?: BrowserProfileService;
  /** Told each start-up step as it starts (`npm start` prints them). */
  progress?: Progress;
}

/**
 * Opens the database, applies migrations, picks the sign-in adapter and builds the HTTP app. Each
 * factory is given its module's slice of `env` (decision 069).
 */
export async function buildServer(env: Env, options: ServerOptions = {}) {
  const config = configOf(env);
  const logger = options.logger ?? createLogger(config.logger.LOG_LEVEL);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.db.DATABASE_URL,
      dataDir: config.db.DATA_DIR,
      pgliteSync: config.db.PGLITE_SYNC,
      ...(options.progress ? { progress: options.progress } : {}),
    }));
  await syncSocials(database.db, createSources(config.sources));

  const { auth } = config;
  let verifier: TokenVerifier;
  let localTokens: LocalTokens | null = null;
  if (auth.CLERK_JWT_KEY) {
    verifier = new ClerkVerifier(auth.CLERK_JWT_KEY, auth.CLERK_AUTHORIZED_PARTIES);
  } else {
    localTokens = new LocalTokens(
      loadAuthSecret(auth.AUTH_SECRET, auth.DATA_DIR),
      auth.AUTH_TOKEN_TTL_SECONDS,
    );
    verifier = localTokens;
  }

  const drafter = options.drafter ?? createDrafter(config.generation);
  const staticDir = options.staticDir === undefined ? config.http.STATIC_DIR : options.staticDir;
  // The server draws first screens from the session in the page request's cookie: local accounts only.
  const renderScreen =
    staticDir === null || localTokens === null
      ? null
      : options.renderScreen !== undefined
        ? options.renderScreen
        : await loadScreenRenderer(config.http.RENDER_DIR, logger);
  const profiles = options.profiles ?? createProfileService(config.autopilot, { logger });
  const deps: AppDeps = {
    http: config.http,
    auth,
    mail: config.mail,
    billing: config.billing,
    sites: config.sites,
    db: database.db,
    logger,
    principals: new PrincipalResolver(database.db, verifier, database.accessChanges),
    localTokens,
    staticDir,
    renderScreen,
    drafter,
    keywordEstimates: options.keywordEstimates ?? createKeywordEstimates(config.discovery, database.db),
    mailer: createMailer(config.mail, logger),
    profiles,
    // Built here, started by the process that wants to work them (main.ts, worker-main.ts).
    jobs:
      options.jobs ??
      createJobQueue(config.jobs, {
        db: database.db,
        logger,
        discovery: createDiscovery(config.discovery, { db: database.db, drafter, logger }),
        // Approved replies are published through the projects' browser profiles, on the networks' sites.
        publishing: { profiles, publishers: createPublishers(config.sites) },
      }),
  };
  const billing = billingMode(config.billing);
  logger.info(
    { billing },
    billing === 'paddle'
      ? `billing through Paddle (${config.billing.PADDLE_ENVIRONMENT})`
      : 'local billing: a checkout activates the plan at once',
  );
  return {
    app: createApp(deps),
    deps,
    database,
    jobs: deps.jobs,
    profiles,
    authMode: verifier.kind,
    billingMode: billing,
  };
}
