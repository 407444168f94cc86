/** One project's discovery for one found date. */
export interface DiscoveryJob {
  projectId: string;
  /** `YYYY-MM-DD`, a UTC day. */
  foundDate: string;
}

export type DiscoveryRequest = Pick<DiscoveryJob, 'projectId'> & Partial<Pick<DiscoveryJob, 'foundDate'>>;

/** The key two requests for the same run share: a queue holds at most one of each. */
export const discoveryJobKey = (job: DiscoveryJob) => `${job.projectId}:${job.foundDate}`;

/** What the queue runs; both implementations call the same handlers. */
export interface JobHandlers {
  /** Runs (or resumes) one discovery run; throws when it failed, so the queue can try again later. */
  discover(job: DiscoveryJob, signal: AbortSignal): Promise<void>;
  /** The runs due at `now`: the day's after the daily hour, first runs never made, failed runs to retry. */
  dueRuns(now: Date): Promise<DiscoveryJob[]>;
  /**
   * Publishes what is due for one project (Autopilot); safe to call when nothing is (pacing decides).
   * Absent: this process publishes nothing.
   */
  publish?(projectId: string, signal: AbortSignal): Promise<void>;
  /** The projects with an approved reply waiting, looked for every `AUTOPOST_POLL_SECONDS`. */
  duePublishing?(now: Date): Promise<string[]>;
}

/** The key of a project's publishing run: a queue holds at most one per project. */
export const publishJobKey = (projectId: string) => `publish:${projectId}`;

export interface JobQueueStart {
  /** True: this process runs jobs and keeps the daily schedule; false: it only queues them. */
  work: boolean;
}

/**
 * The jobs ReplyRadar runs in the background (discovery runs, Autopilot's publishing). pg-boss on
 * PostgreSQL (any number of worker processes share it); an in-process worker on the embedded PGlite.
 * Requests made before `start` are kept and queued when it starts.
 */
export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  start(options: JobQueueStart): Promise<void>;
  /** Stops taking jobs; a run in progress is stopped between steps and resumed by the next start. */
  stop(): Promise<void>;
  /**
   * Queues a discovery run (returns once it is queued, not done); a run already queued is not queued
   * twice. Without a found date, the run is today's by the queue's clock.
   */
  requestDiscovery(job: DiscoveryRequest): Promise<void>;
}
