import { z } from 'zod';
import { httpUrl, text, variable } from '../config/variables';
import { dbConfig } from '../db/db-config';

/** Mail (email codes, invitations): an SMTP server, or the local outbox under `DATA_DIR`. */
export const mailConfig = z
  .object({
    /** Set: mail goes out through this SMTP server; unset: to the local outbox (the log and DATA_DIR/outbox.jsonl). */
    SMTP_URL: variable(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL (smtp://user:password@host:587)')
        .optional(),
    ),
    MAIL_FROM: text('ReplyRadar <no-reply@localhost>'),
    /** The address people reach the app at, for links in mail (required with SMTP_URL). */
    APP_URL: variable(httpUrl().optional()),
    DATA_DIR: dbConfig.shape.DATA_DIR,
  })
  .superRefine((config, ctx) => {
    if (config.SMTP_URL && !config.APP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message: 'is required when SMTP_URL is set (the address links in mail point to, https://…)',
      });
  });

export type MailConfig = z.infer<typeof mailConfig>;
