import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Drafter } from '../generation/drafter';
import type { Logger } from '../logger';
import { parseFilter } from './keyword-filter';
import type { DiscoveryDeps } from './pipeline';
import { createRelevance } from './relevance';
import { createSources } from './sources';

/** The discovery pipeline as the configuration builds it: its sources, its relevance and the project's drafter. */
export function createDiscovery(
  env: Env,
  parts: { db: Database; drafter: Pick<Drafter, 'draftReply'>; logger: Logger },
): Omit<DiscoveryDeps, 'signal' | 'onProgress'> {
  return {
    db: parts.db,
    sources: createSources(env),
    relevance: createRelevance(env, parts.logger),
    drafter: parts.drafter,
    parseFilter,
    logger: parts.logger,
    maxPerKeyword: env.DISCOVERY_MAX_PER_KEYWORD,
  };
}
