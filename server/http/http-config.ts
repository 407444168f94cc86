import { z } from 'zod';
import { int, optionalText, parsed, text, variable } from '../config/variables';
import { parseTrustProxy } from './trusted-proxy';

/** The HTTP edge: where it listens, what it serves, whom it believes, what its CSP allows. */
export const httpConfig = z.object({
  PORT: int(8080, 1).pipe(z.number().max(65535)),
  HOST: text('0.0.0.0'),
  STATIC_DIR: text('./dist/client'),
  RENDER_DIR: text('./dist/render'),
  /** Which reverse proxies may say who the client is and how it connected (decision 024). */
  TRUST_PROXY: parsed('false', parseTrustProxy),
  BODY_LIMIT_BYTES: int(256 * 1024, 1024),
  /** The app's own variables, read here only to let the CSP allow what the app loads. */
  VITE_CLERK_PUBLISHABLE_KEY: variable(
    z
      .string()
      .regex(/^pk_(test|live)_/, 'must start with pk_test_ or pk_live_')
      .optional(),
  ),
  VITE_PADDLE_CLIENT_TOKEN: optionalText(),
  VITE_CRISP_WEBSITE_ID: optionalText(),
});

export type HttpConfig = z.infer<typeof httpConfig>;
