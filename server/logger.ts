import { type DestinationStream, type Logger, pino } from 'pino';

const sqlState = /^[0-9A-Z]{5}$/;
/** What a database error may say about the values of a row: never logged. */
const valueFields = new Set(['params', 'detail', 'where', 'internalQuery', 'queryOptions']);

/**
 * An error as it may be logged: a failed query keeps its SQL text and the database's code but loses its
 * parameters (people's answers, emails), and a database error loses its detail ('Failing row contains
 * (…)'), all along the chain of causes.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const fields = error as Error & Record<string, unknown>;
  const databaseError = typeof fields.code === 'string' && sqlState.test(fields.code);
  // Drizzle's wrapper writes the parameters into its message; the database's own message has none.
  const failedQuery = !databaseError && typeof fields.query === 'string' && 'params' in fields;
  if (!failedQuery && !databaseError && !(fields.cause instanceof Error)) return error;

  const copy = Object.create(Object.getPrototypeOf(error)) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) if (!valueFields.has(key)) copy[key] = value;
  const message = failedQuery ? `Failed query: ${fields.query}` : error.message;
  copy.message = message;
  copy.stack = error.stack?.replace(error.message, message);
  if (fields.cause !== undefined) {
    copy.cause = withoutQueryValues(fields.cause, depth + 1);
    const code = (fields.cause as { code?: unknown } | null)?.code;
    if (failedQuery && typeof code === 'string') copy.code = code;
  }
  return copy;
}

/** Structured logs; credentials and personal secrets are redacted wherever they appear. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'replyradar' },
    serializers: { err: (error: unknown) => pino.stdSerializers.err(withoutQueryValues(error) as Error) },
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'secret',
        '*.secret',
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
