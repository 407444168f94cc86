import type { BrowserProfileService } from './autoposting/types';
import type { DatabaseHandle } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { Logger } from './logger';

export interface ShutdownParts {
  logger: Logger;
  jobs: JobQueue;
  /** Autopilot's browsers (a local profile's login browser) end with the process. */
  profiles: BrowserProfileService;
  database: DatabaseHandle;
  /** What the log says on the way out. */
  message: string;
  /** How long the work in hand may take to end before the process exits anyway. */
  graceMs: number;
  /** Stops taking new work first (the web server stops listening); the rest follows once it has. */
  stopAccepting?: (then: () => void) => void;
}

/** Stops the jobs, then the profile browsers, then the database, logging (not stopping at) a failure. */
async function closeParts({ logger, jobs, profiles, database }: ShutdownParts): Promise<void> {
  await jobs.stop().catch((error: unknown) => logger.error({ err: error }, 'stopping the jobs failed'));
  await Promise.resolve(profiles.close?.()).catch((error: unknown) =>
    logger.error({ err: error }, 'closing the profile browsers failed'),
  );
  await database.close();
}

/**
 * On SIGINT or SIGTERM, once: stops taking new work, ends the jobs, the browsers and the database in that
 * order, and exits; after `graceMs` it exits whatever is still running.
 */
export function exitOnSignals(parts: ShutdownParts): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    parts.logger.info({ signal }, parts.message);
    const close = () => void closeParts(parts).finally(() => process.exit(0));
    if (parts.stopAccepting) parts.stopAccepting(close);
    else close();
    setTimeout(() => process.exit(0), parts.graceMs).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
