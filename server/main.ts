import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { buildServer } from './bootstrap';
import { checkBuildSettings } from './build-settings';
import { EnvError, loadEnv } from './env';
import { createLogger } from './logger';
import { exitOnSignals } from './shutdown';

const started = performance.now();

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
  // The app served must have been built with this environment's VITE_ settings.
  const mismatch = checkBuildSettings(env.STATIC_DIR, process.env);
  if (mismatch) {
    console.error(mismatch);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  // Each step is said as it starts: a first start creates and migrates the database, which takes a while.
  const progress = (step: string) => logger.info({ startup: true }, step);
  const { app, database, authMode, jobs, profiles } = await buildServer(env, { logger, progress });

  const server = createServer(getRequestListener(app.fetch));
  server.listen(env.PORT, env.HOST, () => {
    const { port } = server.address() as AddressInfo;
    logger.info(
      {
        port,
        database: database.kind,
        auth: authMode,
        startupMs: Math.round(performance.now() - started),
      },
      `ReplyRadar is listening on http://localhost:${port}`,
    );
  });

  // The web process works the jobs too unless WORKER=off (then `npm run worker` processes do, on PostgreSQL).
  progress(env.WORKER === 'on' ? 'Starting the background jobs…' : 'Starting the job queue (WORKER=off)…');
  await jobs.start({ work: env.WORKER === 'on' });
  logger.info({ jobs: jobs.kind, working: env.WORKER === 'on' }, 'background jobs started');

  exitOnSignals({
    logger,
    jobs,
    profiles,
    database,
    message: 'shutting down',
    graceMs: 10_000,
    stopAccepting: (then) => server.close(then),
  });
}

main().catch((error: unknown) => {
  console.error('ReplyRadar could not start:', error);
  process.exit(1);
});
