import { z } from 'zod';
import { int, onOff, variable } from '../config/variables';
import { dbConfig } from '../db/db-config';

/** How often due publications are looked for when AUTOPOST_POLL_SECONDS does not say. */
export const defaultPublishPollSeconds = 60;

/**
 * The background jobs: pg-boss on PostgreSQL (`DATABASE_URL`), else the in-process queue; when the
 * daily discovery runs and how often Autopilot's publications are looked for.
 */
export const jobsConfig = z.object({
  DATABASE_URL: dbConfig.shape.DATABASE_URL,
  /** `off`: this process only serves the app and queues jobs; `npm run worker` processes run them (PostgreSQL). */
  WORKER: variable(onOff().default('on')),
  /** UTC hour (0–23) of the daily discovery run. */
  DISCOVERY_HOUR: int(6).pipe(z.number().max(23)),
  /** How often due publications are looked for, in seconds. */
  AUTOPOST_POLL_SECONDS: int(defaultPublishPollSeconds, 1),
});

export type JobsConfig = z.infer<typeof jobsConfig>;
