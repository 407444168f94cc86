import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { socials } from '../db/schema';
import type { Drafter } from '../generation/drafter';
import type { Logger } from '../logger';
import type { DiscoveryConfig } from './discovery-config';
import { type KeywordEstimates, searchEstimates } from './keyword-estimates';
import { parseFilter } from './keyword-filter';
import { NetworkBudget } from './network-budget';
import type { DiscoveryDeps } from './pipeline';
import { createRelevance } from './relevance';
import { createSources } from './sources';

/**
 * The discovery pipeline as the configuration builds it: its sources (within the networks' shared
 * budgets), its relevance and the project's drafter.
 */
export function createDiscovery(
  config: DiscoveryConfig,
  parts: { db: Database; drafter: Pick<Drafter, 'draftReply'>; logger: Logger },
): Omit<DiscoveryDeps, 'signal' | 'onProgress'> {
  return {
    db: parts.db,
    // Every process's requests take from the same per-network budgets, kept in the database.
    sources: createSources(config, { budget: new NetworkBudget(parts.db, config.NETWORK_RATE_LIMITS) }),
    relevance: createRelevance(config, parts.logger),
    drafter: parts.drafter,
    parseFilter,
    // Projects that track the same keyword share the network's one search of the day.
    shareSearches: true,
    logger: parts.logger,
    maxPerKeyword: config.DISCOVERY_MAX_PER_KEYWORD,
  };
}

/**
 * How many posts proposed keywords find a week, asked of the configured sources whose network is an
 * enabled social, within the networks' shared budgets.
 */
export function createKeywordEstimates(config: DiscoveryConfig, db: Database): KeywordEstimates {
  const sources = createSources(config, { budget: new NetworkBudget(db, config.NETWORK_RATE_LIMITS) });
  return searchEstimates(async () => {
    const enabled = await db.select({ slug: socials.slug }).from(socials).where(eq(socials.enabled, true));
    const slugs = new Set(enabled.map((social) => social.slug));
    return sources.filter((source) => slugs.has(source.slug));
  });
}
