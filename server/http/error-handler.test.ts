import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import type { AppEnv } from './bind-route';
import { HttpError } from './envelope';
import { errorHandler } from './error-handler';

function appWithLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(pino({ level: 'info' }, stream)));
  return { app, lines };
}

async function call(app: Hono<AppEnv>, path: string) {
  const response = await app.request(path);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

describe('the error handler', () => {
  it('answers an HttpError 409 in the envelope, with the data returned beside it', async () => {
    const { app } = appWithLogs();
    app.get('/conflict', () => {
      throw new HttpError(409, 'conflict', 'The answer changed on another device', 'answer', {
        answer: 'stored',
      });
    });
    const response = await call(app, '/conflict');
    expect(response.status).toBe(409);
    expect(response.type).toMatch(/^application\/json/);
    expect(JSON.parse(response.text)).toStrictEqual({
      success: false,
      data: { answer: 'stored' },
      error: { code: 'conflict', message: 'The answer changed on another device', field: 'answer' },
    });
  });

  it('answers a domain error with the status of its kind, its field and the wait it names', async () => {
    const { app } = appWithLogs();
    app.get('/taken', () => {
      throw new DomainError('refused', 'form_identifier_exists', 'That email address is taken.', {
        field: 'email',
      });
    });
    app.get('/limited', () => {
      throw new DomainError('limited', 'rate_limited', 'Too many tries: wait 30 seconds.', {
        retryAfterSeconds: 30,
      });
    });
    const taken = await call(app, '/taken');
    expect(taken.status).toBe(422);
    expect(JSON.parse(taken.text)).toStrictEqual({
      success: false,
      data: null,
      error: { code: 'form_identifier_exists', message: 'That email address is taken.', field: 'email' },
    });
    const limited = await app.request('/limited');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect((await limited.json()).error.message).toBe('Too many tries: wait 30 seconds.');
  });

  it('answers a Hono HTTPException in the envelope with the code of its status', async () => {
    const { app } = appWithLogs();
    app.get('/refused', () => {
      throw new HTTPException(403, { message: 'No' });
    });
    const response = await call(app, '/refused');
    expect(response.status).toBe(403);
    expect(JSON.parse(response.text)).toStrictEqual({
      success: false,
      data: null,
      error: { code: 'forbidden', message: 'No' },
    });
  });

  it('answers an unexpected error with a 500 that shows neither its message nor its stack', async () => {
    const { app, lines } = appWithLogs();
    app.get('/broken', () => {
      throw new Error('connection to db-internal.example:5432 refused for user app');
    });
    const response = await call(app, '/broken');
    expect(response.status).toBe(500);
    expect(JSON.parse(response.text)).toStrictEqual({
      success: false,
      data: null,
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.text).not.toContain('db-internal');
    expect(response.text).not.toContain('error-handler.test');
    expect(response.text).not.toMatch(/\bat\s/);
    // The people running the server still see what happened.
    expect(lines.join('')).toContain('db-internal.example');
  });

  it('answers an error thrown by a middleware in the envelope too', async () => {
    const { app } = appWithLogs();
    app.use('*', async () => {
      throw new TypeError('cannot read properties of undefined');
    });
    app.get('/anything', (c) => c.text('unreachable'));
    const response = await call(app, '/anything');
    expect(response.status).toBe(500);
    expect(JSON.parse(response.text).error.code).toBe('internal_error');
    expect(response.text).not.toContain('cannot read');
  });
});
