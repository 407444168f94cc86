import type { Database } from '../db/client';
import { type DiscoveryDeps, foundDateOf, runDiscovery } from '../discovery/pipeline';
import { forgetSharedSearches } from '../discovery/shared-searches';
import type { Logger } from '../logger';
import { dueDiscoveryRuns, isProjectSubscribed } from './due-runs';
import type { JobHandlers } from './job-queue';

const dayMs = 24 * 60 * 60_000;

/**
 * The job handlers over a discovery setup: `discover` runs the pipeline for a project of a subscribed
 * workspace, `dueRuns` finds what is due (and forgets the shared searches no run reads any more).
 */
export function discoveryHandlers(
  discovery: Omit<DiscoveryDeps, 'signal' | 'onProgress'>,
  options: { db: Database; hour: number; logger: Logger },
): JobHandlers {
  return {
    async discover(job, signal) {
      // A run asked for (at a project's first review) waits in the queue; the workspace may have
      // stopped paying since.
      if (!(await isProjectSubscribed(options.db, job.projectId))) {
        options.logger.debug({ ...job, why: 'not_subscribed' }, 'discovery run skipped');
        return;
      }
      const outcome = await runDiscovery({ ...discovery, signal }, job.projectId, job.foundDate);
      if (outcome.status === 'skipped')
        options.logger.debug({ ...job, why: outcome.why }, 'discovery run skipped');
    },
    async dueRuns(now) {
      // Yesterday's searches may still serve a run resumed late; older ones serve none.
      await forgetSharedSearches(options.db, foundDateOf(new Date(now.getTime() - dayMs)));
      return dueDiscoveryRuns(options.db, now, options.hour);
    },
  };
}
