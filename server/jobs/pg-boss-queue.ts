import PgBoss from 'pg-boss';
import { foundDateOf } from '../discovery/pipeline';
import type { Logger } from '../logger';
import {
  type DiscoveryJob,
  type DiscoveryRequest,
  discoveryJobKey,
  type JobHandlers,
  type JobQueue,
  type JobQueueStart,
  publishJobKey,
} from './job-queue';
import { defaultPublishPollSeconds } from './jobs-config';

/** Queue names in pg-boss. */
export const queues = {
  /** One discovery run; `stately`: at most one queued and one active per project and day. */
  discoveryRun: 'discovery-run',
  /** Looks for due runs and queues them; scheduled daily at `DISCOVERY_HOUR` and sent at every worker start. */
  discoverySweep: 'discovery-sweep',
  /**
   * One project's publishing; `stately` with the project as singleton key: at most one queued and one
   * active per project, so one worker at a time publishes for an account (the attempts' unique index
   * keeps a post from going out twice whatever happens).
   */
  publishRun: 'publish-run',
} as const;

export interface PgBossQueueOptions {
  connectionString: string;
  /** UTC hour of the daily sweep. */
  hour: number;
  /** pg-boss's own schema (default `pgboss`). */
  schema?: string;
  /** How often an idle worker looks for jobs (default 2 s; pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often a working process looks for due publications (default `AUTOPOST_POLL_SECONDS`'s). */
  publishPollSeconds?: number;
  now?: () => Date;
}

/**
 * Jobs on PostgreSQL through pg-boss: any number of processes (`npm run worker`, and the web process
 * unless `WORKER=off`) share the queues. A run that throws is retried by pg-boss with backoff; the
 * run's own row makes a retry resume where it stopped.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = 'pg-boss' as const;
  private boss: PgBoss | null = null;
  private readonly early: DiscoveryJob[] = [];
  private stopping = new AbortController();
  private publishTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly logger: Logger,
    private readonly options: PgBossQueueOptions,
  ) {}

  async start({ work }: JobQueueStart): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({
      connectionString: this.options.connectionString,
      schema: this.options.schema ?? 'pgboss',
      application_name: work ? 'replyradar-worker' : 'replyradar-web',
      max: 4,
      // Only working processes keep the schedule and clean up; a web-only process just sends.
      schedule: work,
      supervise: work,
    });
    boss.on('error', (error) => this.logger.error({ err: error }, 'pg-boss error'));
    // Starting creates pg-boss's own scheduling queue, so it goes under the lock too.
    await whileHoldingStartLock(this.options.connectionString, async () => {
      await boss.start();
      await ensureQueue(boss, queues.discoveryRun, {
        policy: 'stately',
        retryLimit: 2,
        retryDelay: 120,
        retryBackoff: true,
        expireInSeconds: 60 * 60,
      });
      await ensureQueue(boss, queues.discoverySweep, { policy: 'stately' });
      if (work && this.handlers.publish && this.handlers.duePublishing)
        await ensureQueue(boss, queues.publishRun, {
          policy: 'stately',
          // The next poll queues the project again; the attempt's record decides what happens then.
          retryLimit: 0,
          expireInSeconds: 15 * 60,
        });
    });
    this.boss = boss;
    this.stopping = new AbortController();

    if (work) {
      const polling = { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
      let runWorker = '';
      runWorker = await boss.work<DiscoveryJob>(
        queues.discoveryRun,
        { ...polling, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await this.handlers.discover(job.data, this.stopping.signal);
          // pg-boss waits out the polling interval after every fetch, even one that found a run: a
          // worker with runs queued would do one every 2 s however short they are. It asks again at once.
          boss.notifyWorker(runWorker);
        },
      );
      await boss.work(queues.discoverySweep, polling, async () => {
        const due = await this.handlers.dueRuns(this.now());
        for (const job of due) await this.send(boss, job);
        this.logger.info({ due: due.length }, 'discovery sweep queued the due runs');
      });
      await boss.schedule(queues.discoverySweep, `0 ${this.options.hour} * * *`, {}, { tz: 'UTC' });
      // Catch up at start: a day whose hour passed while no worker ran is not lost.
      await boss.send(queues.discoverySweep, {}, { singletonKey: 'sweep' });
      await this.startPublishing(boss, polling);
    }

    for (const job of this.early.splice(0)) await this.send(boss, job);
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    if (this.publishTimer) clearInterval(this.publishTimer);
    this.publishTimer = null;
    // Runs stop between steps and are released; pg-boss retries their jobs and they resume.
    this.stopping.abort();
    await boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }

  async requestDiscovery(request: DiscoveryRequest): Promise<void> {
    const job = { projectId: request.projectId, foundDate: request.foundDate ?? foundDateOf(this.now()) };
    if (!this.boss) {
      this.early.push(job);
      return;
    }
    await this.send(this.boss, job);
  }

  /**
   * Works publishing runs, and looks for due ones every `publishPollSeconds` (pg-boss's schedules are
   * by the minute; this poll may be shorter). Every working process looks; the singleton key keeps one.
   */
  private async startPublishing(boss: PgBoss, polling: { pollingIntervalSeconds: number }): Promise<void> {
    const { publish, duePublishing } = this.handlers;
    if (!publish || !duePublishing) return;
    await boss.work<{ projectId: string }>(queues.publishRun, { ...polling, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await publish(job.data.projectId, this.stopping.signal);
    });
    const look = async () => {
      try {
        for (const projectId of await duePublishing(this.now()))
          await boss.send(queues.publishRun, { projectId }, { singletonKey: publishJobKey(projectId) });
      } catch (error) {
        this.logger.error({ err: error }, 'could not look for due publications');
      }
    };
    await look();
    this.publishTimer = setInterval(
      () => void look(),
      (this.options.publishPollSeconds ?? defaultPublishPollSeconds) * 1000,
    );
    this.publishTimer.unref();
  }

  private async send(boss: PgBoss, job: DiscoveryJob): Promise<void> {
    await boss.send(queues.discoveryRun, job, { singletonKey: discoveryJobKey(job) });
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }
}

/** Creates a queue unless another process already did. */
async function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  if (await boss.getQueue(name)) return;
  await boss.createQueue(name, { name, ...options });
}

/** Any fixed number: the advisory lock the processes take while they create the queues. */
const startLockKey = 47_017;

/**
 * Runs `create` while holding a PostgreSQL advisory lock, so processes that start together start
 * pg-boss and create the queues one after another: pg-boss's queue creation, run at once by two
 * processes on a new database, deadlocks on its tables' locks.
 */
async function whileHoldingStartLock(connectionString: string, create: () => Promise<void>): Promise<void> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString, application_name: 'replyradar-start' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [startLockKey]);
    await create();
  } finally {
    // Ending the session lets go of the lock whatever happened.
    await client.end();
  }
}
