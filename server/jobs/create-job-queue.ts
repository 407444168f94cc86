import type { Database } from '../db/client';
import type { DiscoveryDeps } from '../discovery/pipeline';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { discoveryHandlers } from './discovery-handlers';
import { InProcessQueue } from './in-process-queue';
import type { JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';

/** pg-boss when `DATABASE_URL` names a PostgreSQL server, the in-process worker on the embedded PGlite. */
export function createJobQueue(
  env: Pick<Env, 'DATABASE_URL' | 'DISCOVERY_HOUR'>,
  parts: { db: Database; logger: Logger; discovery: Omit<DiscoveryDeps, 'signal' | 'onProgress'> },
): JobQueue {
  const logger = parts.logger.child({ component: 'jobs' });
  const handlers = discoveryHandlers(parts.discovery, { db: parts.db, hour: env.DISCOVERY_HOUR, logger });
  if (env.DATABASE_URL)
    return new PgBossQueue(handlers, logger, {
      connectionString: env.DATABASE_URL,
      hour: env.DISCOVERY_HOUR,
    });
  return new InProcessQueue(handlers, logger);
}
