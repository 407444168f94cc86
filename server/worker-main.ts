import { buildServer } from './bootstrap';
import { EnvError, loadEnv } from './env';
import { createLogger } from './logger';

/**
 * `npm run worker`: a process that only works the background jobs (discovery runs and their daily
 * schedule), on PostgreSQL through pg-boss; start as many as the load needs. On the embedded PGlite
 * the web server works the jobs itself (one process owns the data directory).
 */
async function main(): Promise<void> {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (!env.DATABASE_URL) {
    console.error(
      'npm run worker needs DATABASE_URL (PostgreSQL): on the embedded database `npm start` works the jobs itself.',
    );
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  const { database, jobs, profiles } = await buildServer(env, { logger, staticDir: null });
  await jobs.start({ work: true });
  logger.info({ jobs: jobs.kind, hour: env.DISCOVERY_HOUR }, 'ReplyRadar worker is working the jobs');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'worker shutting down');
    jobs
      .stop()
      .catch((error: unknown) => logger.error({ err: error }, 'stopping the jobs failed'))
      .then(() => profiles.close?.())
      .catch((error: unknown) => logger.error({ err: error }, 'closing the profile browsers failed'))
      .then(() => database.close())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 40_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The ReplyRadar worker could not start:', error);
  process.exit(1);
});
