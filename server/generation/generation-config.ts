import { z } from 'zod';
import { int } from '../config/variables';
import { fetchConfig } from '../net/fetch-config';
import { modelConfig } from './model-config';
import { defaultPageReadBudgetMs } from './page-reader-pool';

/** Drafting projects and replies: the configured model, and how product pages are read. */
export const generationConfig = z.object({
  ...modelConfig.shape,
  ...fetchConfig.shape,
  /** Longest a product page may take to read (off the main thread) before it is refused as too complex (decision 021). */
  PAGE_READ_BUDGET_MS: int(defaultPageReadBudgetMs, 50),
});

export type GenerationConfig = z.infer<typeof generationConfig>;
