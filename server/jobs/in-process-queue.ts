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

/** A job waiting its turn: one project's discovery for a day, or one project's publishing. */
type QueuedJob = { kind: 'discover'; job: DiscoveryJob } | { kind: 'publish'; projectId: string };

export interface InProcessQueueOptions {
  /** How often due runs are looked for (default a minute). */
  pollMs?: number;
  /** How often due publications are looked for (default `AUTOPOST_POLL_SECONDS`'s). */
  publishPollMs?: number;
  now?: () => Date;
}

/**
 * The embedded database's worker: one run at a time in this process (PGlite has one connection).
 * Nothing is kept only in memory that matters: every `pollMs`, and at start, it asks the database which
 * runs are due (today's after the daily hour, a first run that was lost, a failed or dead run), so a
 * restart loses no run. With publishing handlers, every `publishPollMs` it also queues a publishing run
 * for each project with a reply due, in the same line (one job at a time).
 */
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly pending = new Map<string, QueuedJob>();
  private running: string | null = null;
  private draining: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private publishTimer: NodeJS.Timeout | null = null;
  private stopping = new AbortController();
  private working = false;
  private readonly pollMs: number;
  private readonly publishPollMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly logger: Logger,
    options: InProcessQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 60_000;
    this.publishPollMs = options.publishPollMs ?? defaultPublishPollSeconds * 1000;
    this.now = options.now ?? (() => new Date());
  }

  async start({ work }: JobQueueStart): Promise<void> {
    if (!work || this.working) return;
    this.working = true;
    this.stopping = new AbortController();
    await this.poll();
    this.timer = setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    if (this.handlers.publish) {
      await this.pollPublishing();
      this.publishTimer = setInterval(() => void this.pollPublishing(), this.publishPollMs);
      this.publishTimer.unref();
    }
    this.drain();
  }

  async stop(): Promise<void> {
    this.working = false;
    if (this.timer) clearInterval(this.timer);
    if (this.publishTimer) clearInterval(this.publishTimer);
    this.timer = null;
    this.publishTimer = null;
    this.stopping.abort();
    await this.draining;
  }

  async requestDiscovery(request: DiscoveryRequest): Promise<void> {
    this.enqueue({ projectId: request.projectId, foundDate: request.foundDate ?? foundDateOf(this.now()) });
  }

  /** Resolves once nothing is queued or running (tests wait on it). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  /** Queues the runs the database says are due. */
  async poll(): Promise<void> {
    try {
      for (const job of await this.handlers.dueRuns(this.now())) this.enqueue(job);
    } catch (error) {
      this.logger.error({ err: error }, 'could not look for due discovery runs');
    }
  }

  /** Queues a publishing run for each project with a reply due. */
  async pollPublishing(): Promise<void> {
    if (!this.handlers.duePublishing) return;
    try {
      for (const projectId of await this.handlers.duePublishing(this.now()))
        this.add(publishJobKey(projectId), { kind: 'publish', projectId });
    } catch (error) {
      this.logger.error({ err: error }, 'could not look for due publications');
    }
  }

  private enqueue(job: DiscoveryJob): void {
    this.add(discoveryJobKey(job), { kind: 'discover', job });
  }

  private add(key: string, job: QueuedJob): void {
    if (this.pending.has(key) || this.running === key) return;
    this.pending.set(key, job);
    this.drain();
  }

  private drain(): void {
    if (this.draining || !this.working) return;
    this.draining = (async () => {
      while (this.working) {
        const next = this.pending.entries().next();
        if (next.done) break;
        const [key, job] = next.value;
        this.pending.delete(key);
        this.running = key;
        try {
          if (job.kind === 'discover') await this.handlers.discover(job.job, this.stopping.signal);
          else await this.handlers.publish?.(job.projectId, this.stopping.signal);
        } catch (error) {
          if (!this.stopping.signal.aborted)
            this.logger.error(
              { err: error, ...(job.kind === 'discover' ? job.job : { projectId: job.projectId }) },
              `${job.kind === 'discover' ? 'discovery' : 'publishing'} run failed; it is retried later`,
            );
        } finally {
          this.running = null;
        }
      }
    })().finally(() => {
      this.draining = null;
      // A job queued while the loop was ending is not left waiting for the next poll.
      if (this.pending.size > 0) this.drain();
    });
  }
}
