import { createPublishers } from '../autoposting/publishers';
import type { BrowserProfileService } from '../autoposting/types';
import type { Database } from '../db/client';
import type { DiscoveryDeps } from '../discovery/pipeline';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { discoveryHandlers } from './discovery-handlers';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';
import { publishingHandlers } from './publishing-handlers';

/**
 * pg-boss when `DATABASE_URL` names a PostgreSQL server, the in-process worker on the embedded PGlite.
 * With `profiles`, the jobs also publish approved replies (Autopilot) through them.
 */
export function createJobQueue(
  env: Pick<
    Env,
    | 'DATABASE_URL'
    | 'DISCOVERY_HOUR'
    | 'AUTOPOST_POLL_SECONDS'
    | 'REDDIT_WEB_URL'
    | 'X_WEB_URL'
    | 'BLUESKY_WEB_URL'
    | 'LINKEDIN_WEB_URL'
    | 'MASTODON_URL'
  >,
  parts: {
    db: Database;
    logger: Logger;
    discovery: Omit<DiscoveryDeps, 'signal' | 'onProgress'>;
    profiles?: BrowserProfileService;
  },
): JobQueue {
  const logger = parts.logger.child({ component: 'jobs' });
  const handlers = {
    ...discoveryHandlers(parts.discovery, { db: parts.db, hour: env.DISCOVERY_HOUR, logger }),
    ...(parts.profiles
      ? publishingHandlers({
          db: parts.db,
          profiles: parts.profiles,
          publishers: createPublishers(env),
          logger: parts.logger.child({ component: 'publishing' }),
        })
      : {}),
  };
  if (env.DATABASE_URL)
    return new PgBossQueue(handlers, logger, {
      connectionString: env.DATABASE_URL,
      hour: env.DISCOVERY_HOUR,
      publishPollSeconds: env.AUTOPOST_POLL_SECONDS,
    });
  return new InProcessQueue(handlers, logger, { publishPollMs: env.AUTOPOST_POLL_SECONDS * 1000 });
}
