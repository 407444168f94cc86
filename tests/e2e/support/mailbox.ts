import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

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
 * of the address would read in their mailbox); waits up to 10 s for it to arrive.
 */
export async function latestMail(to: string, subject: RegExp): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = (await outbox()).filter((m) => m.to === to && subject.test(m.subject)).at(-1);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The 6-digit code and the link of the latest email-code mail to this address. */
export async function emailCodeMail(to: string): Promise<{ code: string; link: string }> {
  const mail = await latestMail(to, /^Your ReplyRadar code: \d{6}$/);
  const code = mail.subject.slice(-6);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`the code mail to ${to} has no link`);
  return { code, link };
}
