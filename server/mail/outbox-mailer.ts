import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger';
import type { Mailer, MailMessage } from './mailer';

/** The file under the data directory where the local outbox keeps every message, one JSON line each. */
export function outboxFile(dataDir: string): string {
  return path.resolve(dataDir, 'outbox.jsonl');
}

/**
 * Mail without a mail server: each message is logged at info (to, subject and text, which carries the
 * code or link) and appended to `DATA_DIR/outbox.jsonl`, where the person running the server reads it.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  /** Appends run one after another, so two messages never interleave in the file. */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly logger: Logger,
  ) {}

  send(message: MailMessage): Promise<void> {
    const line = `${JSON.stringify({ sentAt: new Date().toISOString(), ...message })}\n`;
    const file = outboxFile(this.dataDir);
    const written = this.writing.then(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      await appendFile(file, line, { encoding: 'utf8', mode: 0o600 });
    });
    this.writing = written.catch(() => undefined);
    return written.then(() => {
      this.logger.info({ mail: message, outbox: file }, `mail to ${message.to}: ${message.subject}`);
    });
  }
}
