import { z } from 'zod';
import { variable } from './config/variables';

/** What the logs say (`createLogger`). */
export const loggerConfig = z.object({
  LOG_LEVEL: variable(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export type LoggerConfig = z.infer<typeof loggerConfig>;
