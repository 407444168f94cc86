import { z } from 'zod';
import { commaList, int, variable } from '../config/variables';
import { dbConfig } from '../db/db-config';
import { DEFAULT_PASSWORD_COST } from './passwords';

/** Sign-in: local accounts (their keys, lifetimes and limits) or Clerk's tokens. */
export const authConfig = z
  .object({
    /** Unset: a key generated into `DATA_DIR`. */
    AUTH_SECRET: variable(z.string().min(32, 'must be at least 32 characters').optional()),
    DATA_DIR: dbConfig.shape.DATA_DIR,
    AUTH_TOKEN_TTL_SECONDS: int(300, 30),
    AUTH_SESSION_TTL_DAYS: int(30, 1),
    AUTH_RATE_LIMIT_PER_MINUTE: int(10, 1),
    /** scrypt's cost for new password hashes, as a power of two (server/auth/passwords.ts). */
    AUTH_PASSWORD_COST: int(DEFAULT_PASSWORD_COST, 10).pipe(z.number().max(18)),
    CLERK_JWT_KEY: variable(
      z
        .string()
        .includes('PUBLIC KEY', { message: 'must be the PEM public key from the Clerk dashboard' })
        .optional(),
    ),
    CLERK_AUTHORIZED_PARTIES: commaList().pipe(
      z.array(z.url({ message: 'must be a comma-separated list of origins' })),
    ),
  })
  .superRefine((config, ctx) => {
    if (config.CLERK_JWT_KEY && config.CLERK_AUTHORIZED_PARTIES.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['CLERK_AUTHORIZED_PARTIES'],
        message: 'is required when CLERK_JWT_KEY is set (the origins the app is served from)',
      });
  });

export type AuthConfig = z.infer<typeof authConfig>;
