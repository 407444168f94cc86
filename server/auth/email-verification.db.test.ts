import { Writable } from 'node:stream';
import type { AuthSession } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clerkAuthorizedParty, clerkKey } from '../../tests/support/clerk-tokens';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
} from '../../tests/support/server-harness';
import { emailVerificationCodes, users } from '../db/schema';

describe.each(testDatabases())('confirming a local account email (%s)', (kind) => {
  let server: TestServer;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    server = await startTestServer(kind, {}, { logger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => server?.close());

  const verify = (cookie: string, code: unknown) =>
    server.request('POST', '/api/auth/verify-email', { cookie, body: { code } });
  const resend = (cookie: string) =>
    server.request('POST', '/api/auth/verify-email/resend', { cookie, body: {} });
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

  it('mails a 6-digit code and a link carrying it at sign-up, to the outbox file and the log', async () => {
    const { session } = await server.signUp('fresh@example.com');
    expect(session.emailVerified).toBe(false);
    const mail = server.outbox().filter((m) => m.to === 'fresh@example.com');
    expect(mail).toHaveLength(1);
    const code = server.emailCodeFor('fresh@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(mail[0]?.subject).toBe(`Your ReplyRadar code: ${code}`);
    expect(mail[0]?.text).toContain(`Your code to confirm fresh@example.com on ReplyRadar is ${code}.`);
    expect(mail[0]?.text).toContain(`http://localhost/subscribe?code=${code}`);
    expect(mail[0]?.text).toContain('The code works for 30 minutes.');
    const logged = logLines.find(
      (line) => (line.mail as { to?: string } | undefined)?.to === 'fresh@example.com',
    );
    expect(logged).toMatchObject({
      level: 30,
      mail: {
        to: 'fresh@example.com',
        subject: `Your ReplyRadar code: ${code}`,
        text: expect.stringContaining(`?code=${code}`),
      },
    });
  });

  it('keeps the code hashed: the database holds no code', async () => {
    const { session } = await server.signUp('hashed@example.com');
    const code = server.emailCodeFor('hashed@example.com');
    const rows = await server.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, session.user.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('confirms the email with the code, typed with spaces, and says so in the session', async () => {
    const { cookie } = await server.signUp('typist@example.com');
    const code = server.emailCodeFor('typist@example.com');
    const session = expectSuccess<AuthSession>(
      await verify(cookie, ` ${code.slice(0, 3)} ${code.slice(3)} `),
    );
    expect(session.emailVerified).toBe(true);
    const refreshed = expectSuccess<AuthSession>(
      await server.request('POST', '/api/auth/token', { cookie, body: {} }),
    );
    expect(refreshed.emailVerified).toBe(true);
    // Confirmed already: no new code is sent.
    expectFailure(await resend(cookie), 409, {
      code: 'conflict',
      message: 'Your email is already confirmed.',
    });
  });

  it('refuses a code that is not 6 digits, naming code', async () => {
    const { cookie } = await server.signUp('fumbler@example.com');
    for (const code of ['12345', 'abcdef', 1234567, null]) {
      expectFailure(await verify(cookie, code), 400, {
        code: 'bad_request',
        message: 'Enter the 6-digit code from the email.',
        field: 'code',
      });
    }
  });

  it('a wrong code says so; five wrong codes void the code and a new one works', async () => {
    const { cookie } = await server.signUp('guesser@example.com');
    const first = server.emailCodeFor('guesser@example.com');
    const wrong = {
      code: 'bad_request',
      message: 'That code is not right. Check the email and try again.',
      field: 'code',
    };
    for (let i = 0; i < 4; i += 1) expectFailure(await verify(cookie, otherThan(first)), 400, wrong);
    expectFailure(await verify(cookie, otherThan(first)), 400, {
      code: 'bad_request',
      message: 'Too many wrong codes. Send a new code.',
      field: 'code',
    });
    expectFailure(await verify(cookie, first), 400, {
      code: 'bad_request',
      message: 'This code is no longer valid. Send a new code.',
      field: 'code',
    });

    expect(expectSuccess(await resend(cookie))).toStrictEqual({ email: 'guesser@example.com' });
    const second = server.emailCodeFor('guesser@example.com');
    expect(expectSuccess<AuthSession>(await verify(cookie, second)).emailVerified).toBe(true);
  });

  it('a new code replaces the one before, and each code works once', async () => {
    const { cookie, session } = await server.signUp('resender@example.com');
    const first = server.emailCodeFor('resender@example.com');
    expectSuccess(await resend(cookie));
    const second = server.emailCodeFor('resender@example.com');
    if (first !== second) {
      expectFailure(await verify(cookie, first), 400, { code: 'bad_request', field: 'code' });
    }
    expectSuccess(await verify(cookie, second));
    // Made unverified again (as an account from before email codes), the spent code does not work again.
    await server.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, session.user.id));
    expectFailure(await verify(cookie, second), 400, {
      code: 'bad_request',
      message: 'This code is no longer valid. Send a new code.',
      field: 'code',
    });
  });

  it('a code stops working after 30 minutes', async () => {
    const { cookie, session } = await server.signUp('late@example.com');
    const code = server.emailCodeFor('late@example.com');
    const [row] = await server.db
      .select()
      .from(emailVerificationCodes)
      .where(eq(emailVerificationCodes.userId, session.user.id));
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(30 * 60_000);
    // Time passes: the code's expiry is behind us.
    await server.db
      .update(emailVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationCodes.userId, session.user.id));
    expectFailure(await verify(cookie, code), 400, {
      code: 'bad_request',
      message: 'This code is no longer valid. Send a new code.',
      field: 'code',
    });
  });

  it('sends at most five codes an hour, the sign-up one included', async () => {
    const { cookie } = await server.signUp('impatient@example.com');
    for (let i = 0; i < 4; i += 1) expectSuccess(await resend(cookie));
    expectFailure(await resend(cookie), 429, {
      code: 'rate_limited',
      message: 'Too many codes sent. Please wait an hour before asking for another.',
    });
    expect(server.outbox().filter((m) => m.to === 'impatient@example.com')).toHaveLength(5);
  });

  it('answers 401 without a session', async () => {
    expectFailure(await verify('rr_session=nobody', '123456'), 401, { code: 'unauthorized' });
    expectFailure(await server.request('POST', '/api/auth/verify-email/resend', { body: {} }), 401, {
      code: 'unauthorized',
    });
  });

  it('has no email code routes in Clerk mode: Clerk proves email addresses itself', async () => {
    const clerk = await startTestServer(
      kind,
      { CLERK_JWT_KEY: (await clerkKey()).publicKeyPem, CLERK_AUTHORIZED_PARTIES: clerkAuthorizedParty },
      { database: server.database },
    );
    try {
      for (const path of ['/api/auth/verify-email', '/api/auth/verify-email/resend']) {
        expectFailure(await clerk.request('POST', path, { body: {} }), 404, { code: 'not_found' });
      }
    } finally {
      await clerk.close();
    }
  });
});
