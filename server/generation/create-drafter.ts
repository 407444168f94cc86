import { createSafeFetcher, type SafeFetcher } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import type { Drafter } from './drafter';
import type { GenerationConfig } from './generation-config';
import { configuredModel } from './model-config';
import { ModelDrafter } from './model-drafter';
import { PageReaderPool, type TextWork } from './page-reader-pool';

/**
 * The drafter the configuration asks for: a model when `LLM_BASE_URL` and `LLM_MODEL` are set, else
 * built-in; either reads product pages on its own page reader pool, within `PAGE_READ_BUDGET_MS`.
 */
export function createDrafter(
  config: GenerationConfig,
  fetcher: SafeFetcher = createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS }),
  reader: TextWork = new PageReaderPool({ budgetMs: config.PAGE_READ_BUDGET_MS }),
): Drafter {
  const model = configuredModel(config);
  return model ? new ModelDrafter(model, fetcher, { reader }) : new BuiltinDrafter(fetcher, reader);
}
