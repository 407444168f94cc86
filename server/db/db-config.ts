import { z } from 'zod';
import { text, variable } from '../config/variables';

/** Where the data lives: the embedded PGlite under `DATA_DIR`, or PostgreSQL at `DATABASE_URL`. */
export const dbConfig = z.object({
  DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
      .optional(),
  ),
  /** The embedded database, the generated signing key, the local mail outbox and browser profiles. */
  DATA_DIR: text('./data'),
  /** `off` trades the embedded database's durability for write speed (decision 026). */
  PGLITE_SYNC: variable(z.enum(['on', 'off']).default('on')),
});

export type DbConfig = z.infer<typeof dbConfig>;
