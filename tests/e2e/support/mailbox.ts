import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { waitUntil } from '../../support/wait-until';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

async function outbox(): Promise<OutboxMail[]> {
  try {
    const text = await readFile(inject('outboxFile'), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OutboxMail);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The latest mail to `to` whose subject matches, as the product's local outbox wrote it (what the owner
 * of the address would read in their mailbox); waits for it to arrive (the test's limit ends a wait for
 * a mail that never comes).
 */
export async function latestMail(to: string, subject: RegExp): Promise<OutboxMail> {
  const matching = async () => (await outbox()).filter((m) => m.to === to && subject.test(m.subject)).at(-1);
  await waitUntil(async () => (await matching()) !== undefined, 100);
  const mail = await matching();
  if (!mail) throw new Error(`no mail to ${to} matching ${subject} in the outbox`);
  return mail;
}

/** The 6-digit code and the link of the latest email-code mail to this address. */
export async function emailCodeMail(to: string): Promise<{ code: string; link: string }> {
  const mail = await latestMail(to, /^Your ReplyRadar code: \d{6}$/);
  const code = mail.subject.slice(-6);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`the code mail to ${to} has no link`);
  return { code, link };
}
