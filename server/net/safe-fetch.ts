import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { isBlockedAddress } from './blocked-addresses';

/** Why a user-given link could not be read; each has a message a person understands. */
export type SafeFetchErrorKind =
  | 'invalid_url'
  | 'blocked_address'
  | 'unreachable'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'bad_status'
  | 'not_html';

export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly kind: SafeFetchErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  /**
   * Host names or IP literals that may be reached although they resolve to private addresses (tests,
   * demos); with a port (`host:port`, `[::1]:port`), on that port only.
   */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Resolves a host name; node:dns `lookup` by default (tests replace it to point names anywhere). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
}

export interface FetchedPage {
  /** Where the page was read from, after redirects. */
  url: string;
  status: number;
  contentType: 'text/html' | 'text/plain';
  text: string;
}

export interface SafeFetcher {
  /** Reads an http(s) page a user gave (HTML or plain text), within the fetch rules. */
  fetchPage(url: string): Promise<FetchedPage>;
}

export const safeFetchDefaults = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 5,
  userAgent: 'ReplyRadarBot/0.1 (+reads the product page you gave ReplyRadar to describe your project)',
} as const;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const acceptedTypes = ['text/html', 'text/plain'] as const;

const defaultResolve = (host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

/** The host of a URL as DNS and the allow-list see it: lower case, without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export interface AllowedHost {
  host: string;
  /** Null: any port. */
  port: number | null;
}

/**
 * An allow-list entry: `host`, `host:port`, `[ipv6]`, `[ipv6]:port` or a bare IPv6 address, lower case
 * and without brackets; null when it is none of these.
 */
export function parseAllowedHost(entry: string): AllowedHost | null {
  const text = entry.trim().toLowerCase();
  let host: string | undefined;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed) {
    [, host, portText] = bracketed;
    if (!host || isIP(host) !== 6) return null;
  } else if (isIP(text) === 6) {
    host = text;
  } else {
    const named = /^([a-z0-9._-]+)(?::(\d{1,5}))?$/.exec(text);
    if (!named) return null;
    [, host, portText] = named;
  }
  if (!host) return null;
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { host, port };
}

/**
 * A fetcher for links people give: http(s) only, every address the host resolves to checked, the
 * connection made to the checked address (no second lookup to rebind), redirects re-checked, and
 * limits on redirects, size and time.
 */
export function createSafeFetcher(options: SafeFetchOptions = {}): SafeFetcher {
  const timeoutMs = options.timeoutMs ?? safeFetchDefaults.timeoutMs;
  const maxBytes = options.maxBytes ?? safeFetchDefaults.maxBytes;
  const maxRedirects = options.maxRedirects ?? safeFetchDefaults.maxRedirects;
  const userAgent = options.userAgent ?? safeFetchDefaults.userAgent;
  const resolve = options.resolve ?? defaultResolve;
  const allowed = (options.allowHosts ?? []).map((entry) => {
    const parsed = parseAllowedHost(entry);
    if (!parsed) throw new Error(`Not a host or host:port: ${entry}`);
    return parsed;
  });
  /** Whether the URL's host, on the URL's port, may be reached although it is private or local. */
  const isAllowed = (url: URL) => {
    const host = hostOf(url);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    return allowed.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
  };

  const blocked = (url: URL) =>
    new SafeFetchError(
      'blocked_address',
      `ReplyRadar does not read pages on private or local network addresses (${url.host}). Use the public link of your product.`,
    );

  /** The vetted address to connect to for this URL. */
  async function vet(url: URL): Promise<LookupAddress> {
    const host = hostOf(url);
    const literal = isIP(host);
    if (literal) {
      if (!isAllowed(url) && isBlockedAddress(host)) throw blocked(url);
      return { address: host, family: literal };
    }
    let addresses: LookupAddress[];
    try {
      addresses = await resolve(host);
    } catch {
      throw new SafeFetchError('unreachable', `We could not find ${url.host}. Check the link and try again.`);
    }
    const first = addresses[0];
    if (!first)
      throw new SafeFetchError('unreachable', `We could not find ${url.host}. Check the link and try again.`);
    if (!isAllowed(url) && addresses.some((entry) => isBlockedAddress(entry.address))) throw blocked(url);
    return first;
  }

  function parse(raw: string, base?: URL): URL {
    let url: URL;
    try {
      url = base ? new URL(raw, base) : new URL(raw);
    } catch {
      throw new SafeFetchError('invalid_url', 'The link is not a valid web address.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new SafeFetchError('invalid_url', 'Only http and https links can be read.');
    if (url.username || url.password)
      throw new SafeFetchError('invalid_url', 'Links with a user name or password cannot be read.');
    return url;
  }

  function get(url: URL, target: LookupAddress, signal: AbortSignal): Promise<IncomingMessage> {
    // Node may ask for one address or for all of them; either way it gets the vetted one.
    const lookup: LookupFunction = (_host, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [target]);
      else callback(null, target.address, target.family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolvePromise, reject) => {
      const req = send(
        url,
        {
          method: 'GET',
          lookup,
          // No pooled sockets: each request connects to the address it vetted itself.
          agent: false,
          signal,
          headers: {
            'User-Agent': userAgent,
            Accept: 'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8',
            'Accept-Encoding': 'gzip, deflate, br',
          },
        },
        resolvePromise,
      );
      req.once('error', reject);
      req.end();
    });
  }

  async function readBody(response: IncomingMessage): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    let stream: Readable = response;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
    else if (encoding === 'deflate') stream = response.pipe(createInflate());
    else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        response.destroy();
        stream.destroy();
        throw tooLarge();
      }
      chunks.push(buffer);
    }
    return Buffer.concat(chunks);
  }

  const tooLarge = () =>
    new SafeFetchError(
      'too_large',
      `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, so ReplyRadar stopped reading it.`,
    );

  async function follow(start: URL, signal: AbortSignal): Promise<FetchedPage> {
    let url = start;
    for (let redirects = 0; ; redirects++) {
      const target = await vet(url);
      const response = await get(url, target, signal);
      const status = response.statusCode ?? 0;
      if (redirectStatuses.has(status) && response.headers.location) {
        response.resume();
        if (redirects >= maxRedirects)
          throw new SafeFetchError(
            'too_many_redirects',
            `The link redirects more than ${maxRedirects} times. Use the final address of the page.`,
          );
        url = parse(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new SafeFetchError(
          'bad_status',
          `The page answered with status ${status}. Check that the link opens in a browser.`,
        );
      }
      const contentType = String(response.headers['content-type'] ?? '').toLowerCase();
      const mediaType = acceptedTypes.find((type) => contentType.split(';')[0]?.trim() === type);
      if (!mediaType) {
        response.resume();
        throw new SafeFetchError(
          'not_html',
          `The link is not a web page (it is ${contentType.split(';')[0] || 'of an unknown type'}). Give the address of your product's page.`,
        );
      }
      const body = await readBody(response);
      return { url: url.toString(), status, contentType: mediaType, text: decode(body, contentType) };
    }
  }

  return {
    async fetchPage(raw) {
      const start = parse(raw);
      const controller = new AbortController();
      const timeout = () =>
        new SafeFetchError(
          'timeout',
          `The page did not answer within ${Math.round(timeoutMs / 1000)} seconds. Try again later.`,
        );
      const timer = setTimeout(() => controller.abort(timeout()), timeoutMs);
      try {
        return await follow(start, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) throw timeout();
        if (error instanceof SafeFetchError) throw error;
        throw new SafeFetchError(
          'unreachable',
          `We could not open ${start.host}. Check the link and try again.`,
        );
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function decode(body: Buffer, contentType: string): string {
  const charset = contentType.match(/charset=["']?([\w-]+)/)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
