import { z } from 'zod';
import { amount, httpUrl, int, text, variable } from '../config/variables';

/** The plan's prices and, when `PADDLE_WEBHOOK_SECRET` is set, billing through Paddle. */
export const billingConfig = z
  .object({
    PLAN_START_PRICE_MONTH: amount(49),
    PLAN_START_PRICE_YEAR: amount(470),
    PLAN_AUTOPOST_PRICE_MONTH: amount(30),
    PLAN_AUTOPOST_PRICE_YEAR: amount(288),
    PADDLE_PRICE_START_MONTH: text('local_start_month'),
    PADDLE_PRICE_START_YEAR: text('local_start_year'),
    PADDLE_PRICE_AUTOPOST_MONTH: text('local_autopost_month'),
    PADDLE_PRICE_AUTOPOST_YEAR: text('local_autopost_year'),
    /** Set: billing through Paddle (signed webhooks, customer portal); unset: local billing. */
    PADDLE_WEBHOOK_SECRET: variable(z.string().min(1).optional()),
    PADDLE_API_KEY: variable(z.string().min(1).optional()),
    PADDLE_ENVIRONMENT: variable(z.enum(['sandbox', 'production']).default('production')),
    /** Overrides the API host PADDLE_ENVIRONMENT picks (tests point it at a local fake server). */
    PADDLE_API_URL: variable(httpUrl().optional()),
    PADDLE_WEBHOOK_TOLERANCE_SECONDS: int(300, 1),
  })
  .superRefine((config, ctx) => {
    if (config.PADDLE_WEBHOOK_SECRET && !config.PADDLE_API_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['PADDLE_API_KEY'],
        message: 'is required when PADDLE_WEBHOOK_SECRET is set (the billing portal link is made with it)',
      });
  });

export type BillingConfig = z.infer<typeof billingConfig>;
