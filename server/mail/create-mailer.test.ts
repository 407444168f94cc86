import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { createMailer } from './create-mailer';
import { OutboxMailer, outboxFile } from './outbox-mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function logInto(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

describe('the mail adapter', () => {
  it('is the local outbox by default, from ReplyRadar <no-reply@localhost>', () => {
    const env = loadEnv({});
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('ReplyRadar <no-reply@localhost>');
    expect(createMailer(env, logInto([])).kind).toBe('outbox');
  });

  it('is SMTP when SMTP_URL is set, which needs APP_URL for the links in mail', () => {
    const env = loadEnv({ SMTP_URL: 'smtp://user:pass@mail.example:587', APP_URL: 'https://radar.example' });
    expect(createMailer(env, logInto([])).kind).toBe('smtp');
    expect(() => loadEnv({ SMTP_URL: 'smtp://mail.example' })).toThrow(EnvError);
    expect(() => loadEnv({ SMTP_URL: 'smtp://mail.example' })).toThrow(
      /^\s+APP_URL: is required when SMTP_URL is set/m,
    );
  });

  it('stops on an SMTP_URL that is not smtp:// or smtps://, naming SMTP_URL', () => {
    expect(() => loadEnv({ SMTP_URL: 'http://mail.example', APP_URL: 'https://radar.example' })).toThrow(
      /^\s+SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/m,
    );
  });

  it('the outbox logs each message at info and appends it as a JSON line under DATA_DIR', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'replyradar-outbox-')), 'not-yet-made');
    dirs.push(path.dirname(dataDir));
    const lines: Record<string, unknown>[] = [];
    const mailer = new OutboxMailer(dataDir, logInto(lines));

    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        mailer.send({
          to: `${name}@example.com`,
          subject: `Code for ${name}`,
          text: `Your code is 12345${name.length}`,
        }),
      ),
    );

    const file = outboxFile(dataDir);
    expect(file).toBe(path.resolve(dataDir, 'outbox.jsonl'));
    const written = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written.map(({ to, subject, text }) => ({ to, subject, text }))).toEqual([
      { to: 'a@example.com', subject: 'Code for a', text: 'Your code is 123451' },
      { to: 'b@example.com', subject: 'Code for b', text: 'Your code is 123451' },
      { to: 'c@example.com', subject: 'Code for c', text: 'Your code is 123451' },
    ]);
    expect(written[0]?.sentAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(lines.map((line) => [line.level, line.msg, line.mail])).toEqual([
      [
        30,
        'mail to a@example.com: Code for a',
        { to: 'a@example.com', subject: 'Code for a', text: 'Your code is 123451' },
      ],
      [
        30,
        'mail to b@example.com: Code for b',
        { to: 'b@example.com', subject: 'Code for b', text: 'Your code is 123451' },
      ],
      [
        30,
        'mail to c@example.com: Code for c',
        { to: 'c@example.com', subject: 'Code for c', text: 'Your code is 123451' },
      ],
    ]);
  });
});
