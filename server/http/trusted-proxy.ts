import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * What the rules below read of a request: its URL, its headers and (through `env.incoming`, as the Node
 * adapter gives it) the address it came from. A Hono context is one; the direct writes build one.
 */
export type ProxiedRequest = Pick<Context, 'env'> & {
  req: { url: string; header(name: string): string | undefined };
};

/**
 * The reverse proxies in front of the server that may say who the client is (`X-Forwarded-For`) and how
 * it connected (`X-Forwarded-Proto`): none, the nearest `hops` of them, or those at these addresses and
 * ranges (decision 024).
 */
export type TrustProxy = { hops: number } | { proxies: readonly string[] };

/** An address as written in X-Forwarded-For or by the socket: without brackets, port or IPv4-in-IPv6 prefix. */
function bareAddress(entry: string): string {
  let address = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:([\d.]+)$/i.exec(address);
  return (mapped?.[1] ?? address).toLowerCase();
}

/**
 * A TRUST_PROXY value as the proxies it names: `false`/`0` none, `true` the one in front, a number that
 * many, or a comma-separated list of addresses and CIDR ranges. A string: why the value is wrong.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'false') return { hops: 0 };
  if (trimmed === 'true') return { hops: 1 };
  if (/^\d+$/.test(trimmed)) return { hops: Number(trimmed) };
  const proxies = trimmed
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = proxies.filter((entry) => proxyRange(entry) === null);
  if (wrong.length === 0) return { proxies };
  return `must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges (not ${wrong.join(', ')})`;
}

/** One list entry as an address or a range, or null when it is neither. */
function proxyRange(
  entry: string,
): { address: string; prefix: number | null; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, prefix: null, family };
  const prefix = Number(prefixText);
  if (!/^\d+$/.test(prefixText) || prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

const lists = new WeakMap<object, BlockList>();
function proxyList(proxies: readonly string[]): BlockList {
  let list = lists.get(proxies);
  if (!list) {
    list = new BlockList();
    for (const entry of proxies) {
      const range = proxyRange(entry);
      if (!range) continue;
      if (range.prefix === null) list.addAddress(range.address, range.family);
      else list.addSubnet(range.address, range.prefix, range.family);
    }
    lists.set(proxies, list);
  }
  return list;
}

function isListed(address: string, proxies: readonly string[]): boolean {
  const version = isIP(address);
  return version !== 0 && proxyList(proxies).check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** The address of the connection's other end: the client, or the nearest proxy. */
function peerAddress(c: ProxiedRequest): string {
  try {
    return bareAddress(getConnInfo(c as Context).remote.address ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Whether the connection comes from a proxy the server trusts to forward the request. */
export function fromTrustedProxy(c: ProxiedRequest, trust: TrustProxy): boolean {
  return 'hops' in trust ? trust.hops > 0 : isListed(peerAddress(c), trust.proxies);
}

/**
 * The caller's address. Behind trusted proxies, the rightmost X-Forwarded-For entry no trusted proxy
 * wrote: each proxy appends the address it saw, so the entries left of it are whatever the client sent.
 */
export function clientAddress(c: ProxiedRequest, trust: TrustProxy): string {
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').map(bareAddress).filter(Boolean);
  // Nearest last: the peer, then each address a proxy appended before it.
  const chain = [...forwarded, peerAddress(c)];
  let client = chain.length - 1;
  if ('hops' in trust) client = Math.max(0, client - trust.hops);
  else while (client > 0 && isListed(chain[client] ?? '', trust.proxies)) client -= 1;
  return chain[client] ?? 'unknown';
}

/** Whether the browser reached the server over https: TLS here, or as the trusted proxy in front says. */
export function isHttps(c: ProxiedRequest, trust: TrustProxy): boolean {
  // A request's URL is absolute and serialized (its scheme in lower case): no need to parse it all.
  if (c.req.url.startsWith('https:')) return true;
  return fromTrustedProxy(c, trust) && forwardedProto(c) === 'https';
}

/**
 * The scheme X-Forwarded-Proto names: the last entry, the one the nearest proxy wrote. Read it only from a
 * trusted proxy.
 */
export function forwardedProto(c: ProxiedRequest): string | undefined {
  return c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase() || undefined;
}

/**
 * The origin the browser reached the server at. Behind a trusted proxy, the scheme and host it says
 * (the last entries, the ones the nearest proxy wrote: entries before them are whatever the client sent).
 */
export function requestOrigin(c: ProxiedRequest, trust: TrustProxy): string {
  const url = new URL(c.req.url);
  if (fromTrustedProxy(c, trust)) {
    const proto = forwardedProto(c);
    const host = c.req.header('x-forwarded-host')?.split(',').at(-1)?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host && /^[a-z0-9.-]+(:\d+)?$/i.test(host)) url.host = host;
  }
  return url.origin;
}
