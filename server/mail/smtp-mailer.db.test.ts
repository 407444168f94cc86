import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, startTestServer } from '../../tests/support/server-harness';
import {
  bodyOf,
  headerOf,
  type SmtpFakeServer,
  startSmtpFakeServer,
} from '../../tests/support/smtp-fake-server';
import { outboxFile } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

describe('mail through SMTP', () => {
  let smtp: SmtpFakeServer;

  beforeAll(async () => {
    smtp = await startSmtpFakeServer();
  });
  afterAll(() => smtp?.close());
  afterEach(() => {
    smtp.received.length = 0;
    smtp.commands.length = 0;
    smtp.refuseRecipients = false;
  });

  it('sends the message to the SMTP server SMTP_URL names, from MAIL_FROM', async () => {
    const mailer = new SmtpMailer(smtp.url, 'ReplyRadar <no-reply@replyradar.example>');
    try {
      await mailer.send({
        to: 'reader@example.com',
        subject: "You're invited to Acme on ReplyRadar",
        text: `A line of text long enough that a mail encoder might fold it somewhere along the way: ${'x'.repeat(80)}\n.a line starting with a dot`,
      });
    } finally {
      mailer.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    if (!mail) throw new Error('no mail');
    expect(mail.from).toBe('no-reply@replyradar.example');
    expect(mail.to).toEqual(['reader@example.com']);
    expect(headerOf(mail, 'From')).toBe('ReplyRadar <no-reply@replyradar.example>');
    expect(headerOf(mail, 'To')).toBe('reader@example.com');
    expect(headerOf(mail, 'Subject')).toBe("You're invited to Acme on ReplyRadar");
    expect(bodyOf(mail).replace(/\r\n/g, '\n')).toBe(
      `A line of text long enough that a mail encoder might fold it somewhere along the way: ${'x'.repeat(80)}\n.a line starting with a dot`,
    );
    expect(smtp.commands.map((c) => c.split(/[ :]/)[0]?.toUpperCase())).toEqual([
      'EHLO',
      'MAIL',
      'RCPT',
      'DATA',
    ]);
  });

  it('fails when the SMTP server refuses the recipient', async () => {
    smtp.refuseRecipients = true;
    const mailer = new SmtpMailer(smtp.url, 'ReplyRadar <no-reply@localhost>');
    try {
      await expect(
        mailer.send({ to: 'nobody@example.com', subject: 'Hello', text: 'Hello' }),
      ).rejects.toThrow(/550/);
    } finally {
      mailer.close();
    }
    expect(smtp.received).toEqual([]);
  });

  it('with SMTP_URL set, the server mails the sign-up code through SMTP with a link to APP_URL, not to the outbox', async () => {
    const server = await startTestServer('pglite', {
      SMTP_URL: smtp.url,
      APP_URL: 'https://radar.example',
      MAIL_FROM: 'Radar <hello@radar.example>',
    });
    try {
      const { cookie } = await server.signUp('smtp-person@example.com');
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      if (!mail) throw new Error('no mail');
      expect(mail.to).toEqual(['smtp-person@example.com']);
      expect(headerOf(mail, 'From')).toBe('Radar <hello@radar.example>');
      const code = headerOf(mail, 'Subject')?.match(/^Your ReplyRadar code: (\d{6})$/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(bodyOf(mail)).toContain(`https://radar.example/subscribe?code=${code}`);
      expect(existsSync(outboxFile(server.env.DATA_DIR))).toBe(false);

      // A mail server that refuses: asking for a new code says the mail could not go out.
      smtp.refuseRecipients = true;
      expectFailure(
        await server.request('POST', '/api/auth/verify-email/resend', { cookie, body: {} }),
        503,
        { code: 'mail_unavailable', message: 'The email could not be sent. Please try again in a moment.' },
      );
    } finally {
      await server.close();
    }
  });
});
