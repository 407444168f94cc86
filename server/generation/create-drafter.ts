import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Env } from '../env';
import { createSafeFetcher, type SafeFetcher } from '../net/safe-fetch';
import { BuiltinDrafter } from './builtin-drafter';
import type { Drafter } from './drafter';
import { ModelDrafter } from './model-drafter';
import { defaultPageReadBudgetMs, PageReaderPool, type TextWork } from './page-reader-pool';

/**
 * The drafter the configuration asks for: a model when `LLM_BASE_URL` and `LLM_MODEL` are set, else
 * built-in; either reads product pages on its own page reader pool, within `PAGE_READ_BUDGET_MS`.
 */
export function createDrafter(
  env: Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODEL' | 'FETCH_ALLOW_HOSTS'> &
    Partial<Pick<Env, 'PAGE_READ_BUDGET_MS'>>,
  fetcher: SafeFetcher = createSafeFetcher({ allowHosts: env.FETCH_ALLOW_HOSTS }),
  reader: TextWork = new PageReaderPool({
    budgetMs: env.PAGE_READ_BUDGET_MS ?? defaultPageReadBudgetMs,
  }),
): Drafter {
  if (env.LLM_BASE_URL && env.LLM_MODEL) {
    const provider = createOpenAICompatible({
      name: 'llm',
      baseURL: env.LLM_BASE_URL,
      ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
      supportsStructuredOutputs: true,
    });
    return new ModelDrafter(provider.chatModel(env.LLM_MODEL), fetcher, { reader });
  }
  return new BuiltinDrafter(fetcher, reader);
}
