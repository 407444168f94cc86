import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { clientAddress, isHttps, parseTrustProxy, type TrustProxy } from './trusted-proxy';

/** What the server makes of a request from `peer` carrying these headers. */
async function seen(trust: TrustProxy, headers: Record<string, string>, peer = '10.0.0.2') {
  const app = new Hono();
  app.get('/', (c) => c.json({ client: clientAddress(c, trust), https: isHttps(c, trust) }));
  const response = await app.request('/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return (await response.json()) as { client: string; https: boolean };
}

describe('TRUST_PROXY', () => {
  it('reads true and false as before, a number of proxies, or their addresses and ranges', () => {
    expect(loadEnv({}).TRUST_PROXY).toEqual({ hops: 0 });
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual({ hops: 0 });
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual({ hops: 0 });
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7 ,fd00::/8' }).TRUST_PROXY).toEqual({
      proxies: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8'],
    });
  });

  it('stops start-up on a value that is none of these, naming it', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: must be true, false, .*\(not yes\)/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*\(not 10\.0\.0\.0\/33\)/);
    expect(parseTrustProxy('10.0.0.1, proxy.internal')).toMatch(/\(not proxy\.internal\)$/);
  });
});

describe("the client's address", () => {
  it('is the connection itself when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    expect(await seen({ hops: 0 }, { 'x-forwarded-for': '198.51.100.1' })).toEqual({
      client: '10.0.0.2',
      https: false,
    });
  });

  it('is the address the trusted proxy appended, not the entries the client sent before it', async () => {
    const trust = { hops: 1 };
    expect((await seen(trust, { 'x-forwarded-for': '203.0.113.5' })).client).toBe('203.0.113.5');
    expect((await seen(trust, { 'x-forwarded-for': '198.51.100.1, 203.0.113.5' })).client).toBe(
      '203.0.113.5',
    );
    expect((await seen(trust, { 'x-forwarded-for': '1.1.1.1,2.2.2.2 , 203.0.113.5' })).client).toBe(
      '203.0.113.5',
    );
    // A proxy that forwards no X-Forwarded-For: the connection is all there is.
    expect((await seen(trust, {})).client).toBe('10.0.0.2');
  });

  it('skips as many proxies as TRUST_PROXY counts, and no more than there are', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.1, 203.0.113.5, 10.0.0.9' };
    expect((await seen({ hops: 2 }, headers)).client).toBe('203.0.113.5');
    expect((await seen({ hops: 9 }, headers)).client).toBe('198.51.100.1');
  });

  it('walks from the right past the listed proxies to the first address that is not one', async () => {
    const trust = { proxies: ['10.0.0.0/8', '2001:db8::/32'] };
    const headers = { 'x-forwarded-for': '198.51.100.1, 203.0.113.5, 10.1.2.3' };
    expect((await seen(trust, headers)).client).toBe('203.0.113.5');
    expect((await seen(trust, headers, '::ffff:10.0.0.2')).client).toBe('203.0.113.5');
    expect((await seen(trust, headers, '2001:db8::7')).client).toBe('203.0.113.5');
    // A connection from elsewhere is the client, whatever it says.
    expect((await seen(trust, headers, '192.0.2.80')).client).toBe('192.0.2.80');
    // Entries with a port, as some proxies write them.
    expect((await seen(trust, { 'x-forwarded-for': '[2001:db8:1::5]:4711, 203.0.113.5:5000' })).client).toBe(
      '203.0.113.5',
    );
  });
});

describe('https behind a proxy', () => {
  it("believes X-Forwarded-Proto only from a trusted proxy, reading the nearest proxy's entry", async () => {
    expect((await seen({ hops: 1 }, { 'x-forwarded-proto': 'https' })).https).toBe(true);
    expect((await seen({ hops: 1 }, { 'x-forwarded-proto': 'https, http' })).https).toBe(false);
    expect((await seen({ hops: 0 }, { 'x-forwarded-proto': 'https' })).https).toBe(false);
    const listed = { proxies: ['10.0.0.0/8'] };
    expect((await seen(listed, { 'x-forwarded-proto': 'https' })).https).toBe(true);
    expect((await seen(listed, { 'x-forwarded-proto': 'https' }, '192.0.2.80')).https).toBe(false);
  });
});
