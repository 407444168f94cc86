import { describe, expect, it } from 'vitest';
import { paddleSignatureOf, verifyPaddleSignature } from './paddle-signature';

const secret = 'pdl_ntfset_01hv8w_current_secret';
const oldSecret = 'pdl_ntfset_01hv8w_previous_secret';
const body = '{"event_id":"evt_1","event_type":"subscription.activated"}';
const now = Date.UTC(2026, 10, 20, 10, 15, 42);
const ts = String(Math.floor(now / 1000));

const check = (header: string | undefined, raw = body, toleranceSeconds = 300) =>
  verifyPaddleSignature({
    header,
    rawBody: new TextEncoder().encode(raw),
    secret,
    toleranceSeconds,
    nowMs: now,
  });

describe('Paddle-Signature verification', () => {
  it('accepts the HMAC-SHA256 of `ts:rawBody` keyed with the secret, in hex', () => {
    expect(check(`ts=${ts};h1=${paddleSignatureOf(secret, ts, body)}`)).toEqual({ ok: true });
  });

  it('refuses a body changed after signing, even by one character', () => {
    const header = `ts=${ts};h1=${paddleSignatureOf(secret, ts, body)}`;
    expect(check(header, body.replace('activated', 'activatee'))).toEqual({
      ok: false,
      reason: 'The Paddle-Signature does not match the body',
    });
  });

  it('refuses a timestamp changed after signing', () => {
    const header = `ts=${Number(ts) - 1};h1=${paddleSignatureOf(secret, ts, body)}`;
    expect(check(header).ok).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(check(`ts=${ts};h1=${paddleSignatureOf(oldSecret, ts, body)}`).ok).toBe(false);
  });

  it('accepts either h1 while a secret is being rotated', () => {
    const current = paddleSignatureOf(secret, ts, body);
    const previous = paddleSignatureOf(oldSecret, ts, body);
    expect(check(`ts=${ts};h1=${previous};h1=${current}`)).toEqual({ ok: true });
    expect(check(`ts=${ts};h1=${current};h1=${previous}`)).toEqual({ ok: true });
  });

  it('refuses a signature older or newer than the tolerance, and accepts one at its edge', () => {
    const at = (seconds: number) => {
      const stamp = String(Number(ts) + seconds);
      return `ts=${stamp};h1=${paddleSignatureOf(secret, stamp, body)}`;
    };
    const stale = { ok: false, reason: 'The Paddle-Signature timestamp is too old or in the future' };
    expect(check(at(-301))).toEqual(stale);
    expect(check(at(301))).toEqual(stale);
    expect(check(at(-300))).toEqual({ ok: true });
    expect(check(at(-10), body, 5)).toEqual(stale);
  });

  it.each([
    [undefined, 'The Paddle-Signature header is missing'],
    ['', 'The Paddle-Signature header is missing'],
    ['h1=abc', 'The Paddle-Signature header is malformed'],
    [`ts=${ts}`, 'The Paddle-Signature header is malformed'],
    [`ts=soon;h1=${'a'.repeat(64)}`, 'The Paddle-Signature header is malformed'],
    [`ts=${ts};h1=not-hex`, 'The Paddle-Signature does not match the body'],
    [`ts=${ts};h1=${'ab'.repeat(16)}`, 'The Paddle-Signature does not match the body'],
  ])('refuses the header %j', (header, reason) => {
    expect(check(header)).toEqual({ ok: false, reason });
  });

  it('signs the bytes as received: a body with non-ASCII text verifies', () => {
    const text = '{"data":{"custom_data":{"name":"Café Zürich ☕"}}}';
    expect(check(`ts=${ts};h1=${paddleSignatureOf(secret, ts, text)}`, text)).toEqual({ ok: true });
  });
});
