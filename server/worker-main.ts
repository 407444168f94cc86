import { buildServer } from './bootstrap';
import { EnvError, loadEnv } from './env';
import { createLogger } from './logger';
import { exitOnSignals } from './shutdown';

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

  // A discovery run stops between steps; the grace is for the step in hand.
  exitOnSignals({ logger, jobs, profiles, database, message: 'worker shutting down', graceMs: 40_000 });
}

main().catch((error: unknown) => {
  console.error('The ReplyRadar worker could not start:', error);
  process.exit(1);
});
