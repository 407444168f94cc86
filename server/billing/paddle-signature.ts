import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export interface SignatureInput {
  /** The `Paddle-Signature` header: `ts=<unix seconds>;h1=<hex>`, with one `h1` per live secret. */
  header: string | undefined;
  /** The body exactly as received: the signature is over its bytes, not over parsed JSON. */
  rawBody: Uint8Array;
  secret: string;
  toleranceSeconds: number;
  nowMs?: number;
}

/** The hex HMAC-SHA256 Paddle sends: keyed with the endpoint's secret, over `${ts}:${rawBody}`. */
export function paddleSignatureOf(secret: string, ts: string, rawBody: Uint8Array | string): string {
  return createHmac('sha256', secret).update(`${ts}:`).update(rawBody).digest('hex');
}

/**
 * Verifies a Paddle Billing webhook: any one `h1` may match (Paddle sends two while a secret is being
 * rotated), compared in constant time, and the timestamp must be within the tolerance of now, so a
 * captured request cannot be replayed later.
 */
export function verifyPaddleSignature(input: SignatureInput): SignatureCheck {
  const header = input.header?.trim();
  if (!header) return { ok: false, reason: 'The Paddle-Signature header is missing' };
  let ts: string | undefined;
  const signatures: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'h1') signatures.push(value);
  }
  if (!ts || !/^\d{1,12}$/.test(ts) || signatures.length === 0)
    return { ok: false, reason: 'The Paddle-Signature header is malformed' };

  const nowSeconds = Math.floor((input.nowMs ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(ts)) > input.toleranceSeconds)
    return { ok: false, reason: 'The Paddle-Signature timestamp is too old or in the future' };

  const expected = Buffer.from(paddleSignatureOf(input.secret, ts, input.rawBody), 'hex');
  const matches = signatures.some((h1) => {
    if (!/^[0-9a-f]{64}$/i.test(h1)) return false;
    return timingSafeEqual(expected, Buffer.from(h1, 'hex'));
  });
  return matches ? { ok: true } : { ok: false, reason: 'The Paddle-Signature does not match the body' };
}
