import { z } from 'zod';
import { int, parsed, variable } from '../config/variables';
import { modelConfig } from '../generation/model-config';
import { parseRateLimits } from './sources/networks';
import { sourcesConfig } from './sources/sources-config';

/** Finding a project's posts: the networks, what each may be asked, and what is kept. */
export const discoveryConfig = z.object({
  ...sourcesConfig.shape,
  ...modelConfig.shape,
  /**
   * What every process together may spend of each network, over the defaults (decision 047):
   * `network=requests/window`, comma-separated (`reddit=90/1m,x=54/15m`).
   */
  NETWORK_RATE_LIMITS: parsed('', parseRateLimits),
  /** Most posts kept per keyword and found date. */
  DISCOVERY_MAX_PER_KEYWORD: int(20, 1).pipe(z.number().max(100)),
  /** Relevance score (0–100) a post needs to be kept; unset: the trained ranker's own threshold. */
  DISCOVERY_MIN_SCORE: variable(z.coerce.number().int().min(0).max(100).optional()),
});

export type DiscoveryConfig = z.infer<typeof discoveryConfig>;
