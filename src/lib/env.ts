import { z } from 'zod/mini';

/** An empty variable counts as unset, so `VITE_X=` in a `.env` file means "use the default". */
function unsetWhenEmpty<T extends z.ZodMiniType>(schema: T) {
  // zod/mini has no `z.preprocess`; this is what it is, a transform piped into the schema.
  return z.pipe(
    z.transform((value) => (value === '' ? undefined : value)),
    schema,
  );
}

const envSchema = z.object({
  VITE_CLERK_PUBLISHABLE_KEY: unsetWhenEmpty(
    z.optional(
      z.string().check(
        z.refine((value) => value.startsWith('pk_test_') || value.startsWith('pk_live_'), {
          message: 'must start with pk_test_ or pk_live_',
        }),
      ),
    ),
  ),
  VITE_PADDLE_CLIENT_TOKEN: unsetWhenEmpty(z.optional(z.string())),
  VITE_PADDLE_ENVIRONMENT: unsetWhenEmpty(
    z._default(z.enum(['sandbox', 'production'], { message: 'must be sandbox or production' }), 'production'),
  ),
  VITE_CRISP_WEBSITE_ID: unsetWhenEmpty(z.optional(z.string())),
});

export type Env = z.infer<typeof envSchema>;

/** Thrown when a variable has a value the app cannot use; the message names the variable. */
export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

/** Reads the app's configuration from `source`, throwing a ConfigurationError on the first bad value. */
export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const reasons = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new ConfigurationError(`Invalid configuration: ${reasons.join('; ')}.`);
}

export const env = parseEnv(import.meta.env);

/** Clerk when its publishable key is configured, otherwise the accounts the server keeps. */
export const authMode: 'clerk' | 'local' = env.VITE_CLERK_PUBLISHABLE_KEY ? 'clerk' : 'local';
