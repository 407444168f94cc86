import { duePublishingProjects, type PublishingDeps, publishProject } from '../autoposting/publish';
import type { JobHandlers } from './job-queue';

/** The job handlers of Autopilot's publishing: `publish` runs one project's due replies, `duePublishing` finds the projects. */
export function publishingHandlers(
  deps: PublishingDeps,
): Required<Pick<JobHandlers, 'publish' | 'duePublishing'>> {
  return {
    async publish(projectId, signal) {
      const outcome = await publishProject(deps, projectId, signal);
      if (outcome.skipped) deps.logger.debug({ projectId, why: outcome.skipped }, 'publishing run skipped');
      else if (outcome.published.length > 0 || Object.keys(outcome.stopped).length > 0)
        deps.logger.info({ projectId, ...outcome }, 'publishing run done');
    },
    duePublishing: () => duePublishingProjects(deps.db),
  };
}
