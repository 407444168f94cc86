import type { Publishers } from '../autoposting/publishers';
import type { BrowserProfileService } from '../autoposting/types';
import type { Database } from '../db/client';
import type { DiscoveryDeps } from '../discovery/pipeline';
import type { Logger } from '../logger';
import { discoveryHandlers } from './discovery-handlers';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import type { JobsConfig } from './jobs-config';
import { PgBossQueue } from './pg-boss-queue';
import { publishingHandlers } from './publishing-handlers';

/**
 * pg-boss when `DATABASE_URL` names a PostgreSQL server, the in-process worker on the embedded PGlite.
 * With `publishing`, the jobs also publish approved replies (Autopilot) through its profiles.
 */
export function createJobQueue(
  config: JobsConfig,
  parts: {
    db: Database;
    logger: Logger;
    discovery: Omit<DiscoveryDeps, 'signal' | 'onProgress'>;
    publishing?: { profiles: BrowserProfileService; publishers: Publishers };
  },
): JobQueue {
  const logger = parts.logger.child({ component: 'jobs' });
  const handlers = {
    ...discoveryHandlers(parts.discovery, { db: parts.db, hour: config.DISCOVERY_HOUR, logger }),
    ...(parts.publishing
      ? publishingHandlers({
          db: parts.db,
          ...parts.publishing,
          logger: parts.logger.child({ component: 'publishing' }),
        })
      : {}),
  };
  if (config.DATABASE_URL)
    return new PgBossQueue(handlers, logger, {
      connectionString: config.DATABASE_URL,
      hour: config.DISCOVERY_HOUR,
      publishPollSeconds: config.AUTOPOST_POLL_SECONDS,
    });
  return new InProcessQueue(handlers, logger, { publishPollMs: config.AUTOPOST_POLL_SECONDS * 1000 });
}
