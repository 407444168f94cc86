import type { Database } from '../db/client';
import type { DiscoveryCount, DiscoveryError } from '../db/schema';
import type { Drafter } from '../generation/drafter';
import type { Logger } from '../logger';
import type { ParsedFilter, Relevance, Source } from './types';

/** What a discovery run is built from; tests pass doubles, the server the configured adapters. */
export interface DiscoveryDeps {
  db: Database;
  /** The sources the configuration makes usable; those whose network is not an enabled social are not asked. */
  sources: readonly Source[];
  relevance: Relevance;
  drafter: Pick<Drafter, 'draftReply'>;
  /** The filter language's parser (`keyword-filter.ts`). */
  parseFilter: (text: string) => ParsedFilter | null;
  logger: Logger;
  /**
   * True: each network is searched for a keyword once a day, whichever projects track it, and the
   * other projects read that search (`shared-searches.ts`); the server's runs share. Unset: every run
   * makes its own searches (tests whose doubles answer each run differently).
   */
  shareSearches?: boolean;
  /** Most posts kept per keyword and found date (`DISCOVERY_MAX_PER_KEYWORD`). */
  maxPerKeyword: number;
  now?: () => Date;
  /** A `started` run without a heartbeat for this long is taken over (its process died). */
  staleAfterMs?: number;
  /** Stops the run between steps; it is released for the next start to resume. */
  signal?: AbortSignal;
  /** Called as the run goes: one event per source and keyword, and one per keyword stored or skipped. */
  onProgress?: (event: DiscoveryProgress) => void | Promise<void>;
}

export type DiscoveryProgress =
  /** One network answered (or failed) for one keyword. */
  | { kind: 'searched'; keyword: string; source: string; found: number; error?: DiscoveryError }
  /**
   * A keyword's posts are stored; `counts[source]` says what each network gave, `errors` what failed
   * after the searches (the filter, relevance, a draft, the store) and was recorded.
   */
  | {
      kind: 'stored';
      keyword: string;
      counts: Record<string, DiscoveryCount>;
      errors: DiscoveryError[];
    }
  /** An earlier attempt of this run already stored the keyword. */
  | { kind: 'skipped'; keyword: string };
