import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { z } from 'zod';
import { httpUrl, optionalText, variable } from '../config/variables';

/**
 * A configured model (decision 065): an OpenAI-compatible endpoint and the model to ask there. Unset,
 * the engine drafts and judges relevance alone.
 */
export const modelConfig = z
  .object({
    LLM_BASE_URL: variable(httpUrl().optional()),
    LLM_API_KEY: optionalText(),
    LLM_MODEL: optionalText(),
  })
  .superRefine((config, ctx) => {
    if (Boolean(config.LLM_BASE_URL) !== Boolean(config.LLM_MODEL))
      ctx.addIssue({
        code: 'custom',
        path: [config.LLM_BASE_URL ? 'LLM_MODEL' : 'LLM_BASE_URL'],
        message: 'LLM_BASE_URL and LLM_MODEL are set together (the endpoint and the model to ask)',
      });
  });

export type ModelConfig = z.infer<typeof modelConfig>;

/** The model the configuration names, or null when none is configured. */
export function configuredModel(config: Partial<ModelConfig>): LanguageModel | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.LLM_BASE_URL,
    ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
    supportsStructuredOutputs: true,
  });
  return provider.chatModel(config.LLM_MODEL);
}
