import { parseArgs } from 'node:util';
import { buildServer } from './bootstrap';
import { createDiscovery } from './discovery/create-discovery';
import { type DiscoveryProgress, foundDateOf, runDiscovery } from './discovery/pipeline';
import { configOf, EnvError, loadEnv } from './env';
import { createLogger } from './logger';

const usage = 'usage: npm run discover -- --project <project id> [--date YYYY-MM-DD]';

/** One line a person reads for each step of the run. */
function progressLine(event: DiscoveryProgress): string {
  switch (event.kind) {
    case 'searched':
      return event.error
        ? `${event.source} · ${event.keyword}: failed (${event.error.kind}: ${event.error.message})`
        : `${event.source} · ${event.keyword}: ${event.found} found`;
    case 'stored': {
      const bySource = Object.entries(event.counts).map(
        ([source, count]) => `${source} ${count.kept} kept / ${count.stored} stored`,
      );
      const failures = event.errors.map(
        (error) =>
          `\n  ${error.source ?? 'all networks'} · ${event.keyword}: failed (${error.kind}: ${error.message})`,
      );
      return `${event.keyword}: ${bySource.join(', ') || 'nothing searched'}${failures.join('')}`;
    }
    case 'skipped':
      return `${event.keyword}: already stored by an earlier attempt of this run`;
  }
}

/**
 * `npm run discover -- --project <id>`: runs the project's discovery now, for today (or `--date`),
 * with a line per source and keyword. A day whose run finished already is not run again.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { project: { type: 'string' }, date: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.project) {
    console.log(usage);
    return values.help ? 0 : 2;
  }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(values.project)) {
    console.error(`--project must be a project id (a UUID), not "${values.project}"\n${usage}`);
    return 2;
  }
  const foundDate = values.date ?? foundDateOf(new Date());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(foundDate)) {
    console.error(`--date must be a day like 2025-03-05, not "${foundDate}"\n${usage}`);
    return 2;
  }

  const env = loadEnv();
  // The progress lines are the output (a failed source is one of them); logs only errors, unless
  // LOG_LEVEL asks for more.
  const logger = createLogger(process.env.LOG_LEVEL ? env.LOG_LEVEL : 'error');
  const { database, deps } = await buildServer(env, { logger, staticDir: null });
  try {
    const discovery = createDiscovery(configOf(env).discovery, {
      db: database.db,
      drafter: deps.drafter,
      logger,
    });
    console.log(
      `Discovery for project ${values.project} on ${foundDate}: ${discovery.sources.map((source) => source.slug).join(', ')}`,
    );
    const outcome = await runDiscovery(
      { ...discovery, onProgress: (event) => console.log(progressLine(event)) },
      values.project,
      foundDate,
    );
    if (outcome.status === 'skipped') {
      const why = {
        finished: `the run of ${foundDate} is finished already`,
        running: `another process is running ${foundDate} now`,
        no_project: 'there is no such project',
        not_reviewed: 'the project is not reviewed yet',
      }[outcome.why];
      console.log(`Nothing to do: ${why}.`);
      return outcome.why === 'no_project' ? 1 : 0;
    }
    const stored = Object.values(outcome.run.counts)
      .flatMap((byKeyword) => Object.values(byKeyword))
      .reduce((sum, count) => sum + count.stored, 0);
    const errors = outcome.run.errors.length;
    console.log(
      errors === 0
        ? `Finished: ${stored} posts stored.`
        : `Finished with errors: ${stored} posts stored, ${errors} ${errors === 1 ? 'error' : 'errors'} recorded (by keyword and network above).`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  });
