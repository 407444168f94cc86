import { authMessages } from '@contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFailure,
  startTestServer,
  type TestServer,
  testDatabases,
  testPassword,
} from '../../tests/support/server-harness';

describe.each(testDatabases())('every refused call answers in the envelope (%s)', (kind) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ({ token } = await server.signUpWithWorkspace('envelope@example.com'));
  });
  afterAll(() => server?.close());

  describe('400: a bad request names the field and the reason', () => {
    it('refuses a body that is not JSON', async () => {
      const response = await server.request('POST', '/api/auth/sign-up', { body: '{"email": "a@b.c",' });
      expectFailure(response, 400, {
        code: 'bad_request',
        message: 'The request body must be valid JSON',
        field: 'body',
      });
    });

    it('refuses a sign-up with an email that is not an email, naming email', async () => {
      const response = await server.request('POST', '/api/auth/sign-up', {
        body: { email: 'not-an-email', password: testPassword },
      });
      expectFailure(response, 400, {
        code: 'bad_request',
        message: authMessages.emailInvalid,
        field: 'email',
      });
    });

    it('refuses a sign-up without an email, naming email', async () => {
      const response = await server.request('POST', '/api/auth/sign-up', {
        body: { password: testPassword },
      });
      expectFailure(response, 400, {
        code: 'bad_request',
        message: authMessages.emailInvalid,
        field: 'email',
      });
    });

    it('says the reason in English where the contract gives no words of its own', async () => {
      const response = await server.request('PATCH', '/api/posts/regenerate-answer/any-post', {
        token,
        body: { prompt: 'x'.repeat(2001) },
      });
      expectFailure(response, 400, {
        code: 'bad_request',
        message: 'Too big: expected string to have <=2000 characters',
        field: 'prompt',
      });
    });

    it('refuses a body that is JSON but not an object, naming the body', async () => {
      const response = await server.request('POST', '/api/auth/sign-in', { body: '["a@b.c", "password"]' });
      expectFailure(response, 400, { code: 'bad_request', field: 'body' });
    });

    it('refuses a project-id header that is not a project id, naming project-id', async () => {
      const response = await server.request('GET', '/api/projects', { token, projectId: 'not-a-uuid' });
      expectFailure(response, 400, { code: 'bad_request', field: 'project-id' });
    });
  });

  describe('401: a call without a valid token', () => {
    it('refuses a call without an Authorization header', async () => {
      const response = await server.request('GET', '/api/projects');
      expectFailure(response, 401, {
        code: 'unauthorized',
        message: 'Sign in to continue: the Authorization header is empty',
      });
    });

    it('refuses a call with an empty Authorization header, as the app sends before sign-in', async () => {
      const response = await server.request('GET', '/api/subscription', { headers: { authorization: '' } });
      expectFailure(response, 401, { code: 'unauthorized' });
    });

    it('refuses "Bearer" with nothing after it', async () => {
      const response = await server.request('GET', '/api/socials', { headers: { authorization: 'Bearer ' } });
      expectFailure(response, 401, { code: 'unauthorized' });
    });
  });

  it('403: refuses a project-id header naming a project of another workspace', async () => {
    const other = await server.signUpWithWorkspace('envelope-other@example.com');
    const theirs = await server.seedProject(other.workspace.id, { name: 'Theirs' });
    const response = await server.request('GET', '/api/projects', { token, projectId: theirs.id });
    expectFailure(response, 403, {
      code: 'forbidden',
      message: 'The project-id header names a project outside your active workspace',
      field: 'project-id',
    });
  });

  describe('404: calls that do not exist (yet)', () => {
    it.each([
      ['GET', '/api/nope'],
      ['DELETE', '/api/projects'],
    ])('%s %s is a 404 in the envelope, never fake data', async (method, path) => {
      const response = await server.request(method, path, { token, body: method === 'GET' ? undefined : {} });
      expectFailure(response, 404, { code: 'not_found', message: `No API route ${method} ${path}` });
    });

    it('answers an unknown API route with 404 even without a token', async () => {
      const response = await server.request('GET', '/api/nope');
      expectFailure(response, 404, { code: 'not_found' });
    });

    it('answers a path outside the API with 404 in the envelope when no app is built', async () => {
      const response = await server.request('GET', '/mentions/reddit');
      expectFailure(response, 404, { code: 'not_found', message: 'Nothing at /mentions/reddit' });
    });
  });

  describe('413: a body over BODY_LIMIT_BYTES', () => {
    const tooBig = () =>
      JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(server.env.BODY_LIMIT_BYTES + 1) });

    it('refuses it when the request declares its length', async () => {
      const body = tooBig();
      const response = await server.request('POST', '/api/auth/sign-up', {
        body,
        headers: { 'content-length': String(Buffer.byteLength(body)) },
      });
      expectFailure(response, 413, {
        code: 'payload_too_large',
        message: `Request body is larger than ${server.env.BODY_LIMIT_BYTES} bytes`,
      });
    });

    it('refuses it when the request streams without a length', async () => {
      const bytes = new TextEncoder().encode(tooBig());
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 16 * 1024)
            controller.enqueue(bytes.subarray(at, at + 16 * 1024));
          controller.close();
        },
      });
      const raw = await server.app.request('/api/auth/sign-up', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      const text = await raw.text();
      expect(raw.status, text).toBe(413);
      expect(JSON.parse(text)).toStrictEqual({
        success: false,
        data: null,
        error: { code: 'payload_too_large', message: expect.any(String) },
      });
    });

    it('still takes a body just under the limit', async () => {
      const padding = 'x'.repeat(server.env.BODY_LIMIT_BYTES - 200);
      const response = await server.request('POST', '/api/auth/sign-in', {
        body: { email: 'nobody@example.com', password: testPassword, padding },
      });
      expectFailure(response, 422, { code: 'form_identifier_not_found', field: 'email' });
    });
  });

  it('429: refuses sign-in attempts over AUTH_RATE_LIMIT_PER_MINUTE, saying when to retry', async () => {
    const limited = await startTestServer(
      kind,
      { AUTH_RATE_LIMIT_PER_MINUTE: '3' },
      { database: server.database },
    );
    try {
      const attempt = () =>
        limited.request('POST', '/api/auth/sign-in', {
          body: { email: 'envelope@example.com', password: 'wrong password' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(422);
      const refused = await attempt();
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expectFailure(refused, 429, {
        code: 'rate_limited',
        message: authMessages.tooManyAttempts(retryAfter),
      });
      // Even the right password waits: the limit is on attempts, not on failures.
      const right = await limited.request('POST', '/api/auth/sign-in', {
        body: { email: 'envelope@example.com', password: testPassword },
      });
      expectFailure(right, 429, { code: 'rate_limited' });
      // Sign-up shares the limit: attempts cannot move over to making accounts.
      const signUp = await limited.request('POST', '/api/auth/sign-up', {
        body: { email: 'envelope-new@example.com', password: testPassword },
      });
      expectFailure(signUp, 429, { code: 'rate_limited' });
      // Other calls are not limited.
      expect((await limited.request('GET', '/api/projects', { token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never lets the browser keep an API answer, refused or not', async () => {
    const refused = await server.request('GET', '/api/projects');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const answered = await server.request('GET', '/api/projects', { token });
    expect(answered.status).toBe(200);
    expect(answered.headers.get('cache-control')).toBe('no-store');
  });
});
