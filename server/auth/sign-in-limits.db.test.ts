import { authMessages } from '@contract/messages';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectFailure,
  expectSuccess,
  startTestServer,
  type TestServer,
  testDatabases,
  testPassword,
} from '../../tests/support/server-harness';

describe.each(testDatabases())('sign-in limits (%s)', (kind) => {
  let server: TestServer;
  /** Behind one proxy, with 3 attempts per address and minute. */
  let proxied: TestServer;
  /** Behind two proxies, with 2 attempts per address and minute. */
  let twoProxies: TestServer;
  /** Behind one proxy, with the tests' wide limit per address. */
  let behindProxy: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const database = { database: server.database };
    proxied = await startTestServer(kind, { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '3' }, database);
    twoProxies = await startTestServer(kind, { TRUST_PROXY: '2', AUTH_RATE_LIMIT_PER_MINUTE: '2' }, database);
    behindProxy = await startTestServer(kind, { TRUST_PROXY: 'true' }, database);
  });
  afterAll(async () => {
    for (const other of [proxied, twoProxies, behindProxy]) await other?.close();
    await server?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A sign-in through a proxy that appends the address it saw to what the client sent. */
  const signInVia = (
    target: TestServer,
    { email, password, sentByClient, seenByProxy }: Record<string, string>,
  ) =>
    target.request('POST', '/api/auth/sign-in', {
      body: { email, password },
      headers: { 'x-forwarded-for': sentByClient ? `${sentByClient}, ${seenByProxy}` : `${seenByProxy}` },
    });

  describe('per address, behind a proxy', () => {
    it('counts the address the proxy saw, whatever X-Forwarded-For the client sent', async () => {
      await server.signUp('proxied@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++) {
        const response = await signInVia(proxied, {
          email: 'proxied@example.com',
          password: testPassword,
          sentByClient: `198.51.100.${i + 1}`,
          seenByProxy: '203.0.113.9',
        });
        statuses.push(response.status);
        if (response.status === 429) {
          const seconds = Number(response.headers.get('retry-after'));
          expect(seconds).toBeGreaterThan(0);
          expectFailure(response, 429, {
            code: 'rate_limited',
            message: authMessages.tooManyAttempts(seconds),
          });
        }
      }
      expect(statuses).toEqual([200, 200, 200, ...Array(11).fill(429)]);
      // Another address the proxy saw has attempts of its own.
      const other = await signInVia(proxied, {
        email: 'proxied@example.com',
        password: testPassword,
        seenByProxy: '203.0.113.10',
      });
      expect(other.status).toBe(200);
    });

    it('trusts as many proxies as TRUST_PROXY counts', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await signInVia(twoProxies, {
          email: 'proxied@example.com',
          password: testPassword,
          sentByClient: `198.51.100.${i + 1}, 192.0.2.44`,
          seenByProxy: '10.0.0.2',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
    });
  });

  describe('per account, whatever the address', () => {
    // The clock stands still unless a test moves it: no test waits for real seconds.
    let start = 0;
    const stopTheClock = () => {
      start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });
    };

    it('makes each wrong password after the fifth wait longer: 1 s, 2 s, 4 s', async () => {
      stopTheClock();
      await server.signUp('guessed@example.com');
      const guess = (i: number, password = `wrong guess number ${i}`) =>
        signInVia(behindProxy, { email: 'guessed@example.com', password, seenByProxy: `192.0.2.${i + 1}` });
      const answers: Array<[number, string | null]> = [];
      for (let i = 0; i < 25; i++) {
        const response = await guess(i);
        answers.push([response.status, response.headers.get('retry-after')]);
      }
      expect(answers).toEqual([...Array(5).fill([422, null]), ...Array(20).fill([429, '1'])]);
      const refused = await guess(30);
      expectFailure(refused, 429, {
        code: 'rate_limited',
        message: 'Too many wrong passwords for this account. Please wait 1 second and try again.',
      });

      // Once the wait is over, a guess is answered, and the next waits twice as long.
      vi.setSystemTime(start + 1000);
      expectFailure(await guess(31), 422, { code: 'form_password_incorrect', field: 'password' });
      const twice = await guess(32);
      expect([twice.status, twice.headers.get('retry-after')]).toEqual([429, '2']);
      vi.setSystemTime(start + 3000);
      expect((await guess(33)).status).toBe(422);
      expect((await guess(34)).headers.get('retry-after')).toBe('4');

      // The right password waits too (the wait says nothing about the password), then signs in.
      expect((await guess(35, testPassword)).status).toBe(429);
      vi.setSystemTime(start + 7000);
      expectSuccess(await guess(36, testPassword));
      // Signing in starts the count over.
      for (let i = 0; i < 5; i++) expect((await guess(40 + i)).status).toBe(422);
      expect((await guess(45)).status).toBe(429);
    });

    it("does not make another account's owner wait", async () => {
      stopTheClock();
      await server.signUp('attacked@example.com');
      await server.signUp('bystander@example.com');
      for (let i = 0; i < 6; i++)
        await server.request('POST', '/api/auth/sign-in', {
          body: { email: 'attacked@example.com', password: `wrong guess number ${i}` },
        });
      expectSuccess(
        await server.request('POST', '/api/auth/sign-in', {
          body: { email: 'bystander@example.com', password: testPassword },
        }),
      );
    });
  });

  describe('the password rule', () => {
    it('refuses a password shorter than 10 characters, saying so under the password', async () => {
      const response = await server.request('POST', '/api/auth/sign-up', {
        body: { email: 'nine@example.com', password: '123456789' },
      });
      expectFailure(response, 400, {
        code: 'bad_request',
        message: 'Passwords must be 10 characters or more.',
        field: 'password',
      });
    });

    it.each(['password123', 'Qwertyuiop', '1q2w3e4r5t'])(
      'refuses %s as too common, naming the password',
      async (password) => {
        const response = await server.request('POST', '/api/auth/sign-up', {
          body: { email: 'common@example.com', password },
        });
        expectFailure(response, 422, {
          code: 'form_password_pwned',
          message: 'This password is too common. Choose another.',
          field: 'password',
        });
      },
    );

    it('accepts a long password that is not on the list', async () => {
      const response = await server.request('POST', '/api/auth/sign-up', {
        body: { email: 'common@example.com', password: 'tallybird invoices on tuesdays' },
      });
      expect(response.status).toBe(201);
    });
  });
});
