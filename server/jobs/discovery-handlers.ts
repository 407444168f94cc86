import type { Database } from '../db/client';
import { type DiscoveryDeps, runDiscovery } from '../discovery/pipeline';
import type { Logger } from '../logger';
import { dueDiscoveryRuns } from './due-runs';
import type { JobHandlers } from './job-queue';

/** The job handlers over a discovery setup: `discover` runs the pipeline, `dueRuns` finds what is due. */
export function discoveryHandlers(
  discovery: Omit<DiscoveryDeps, 'signal' | 'onProgress'>,
  options: { db: Database; hour: number; logger: Logger },
): JobHandlers {
  return {
    async discover(job, signal) {
      const outcome = await runDiscovery({ ...discovery, signal }, job.projectId, job.foundDate);
      if (outcome.status === 'skipped')
        options.logger.debug({ ...job, why: outcome.why }, 'discovery run skipped');
    },
    dueRuns: (now) => dueDiscoveryRuns(options.db, now, options.hour),
  };
}
