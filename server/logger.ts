import { type Logger, pino } from 'pino';

/** Structured logs; credentials and personal secrets are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'replyradar' },
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
  });
}
export type { Logger };
