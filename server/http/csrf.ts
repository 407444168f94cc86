import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './envelope';

/** Methods that change nothing: they carry no body the API reads. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CrossSiteOptions {
  /**
   * Whether the request came through a reverse proxy the server trusts: then `X-Forwarded-Proto` and
   * `X-Forwarded-Host` say the origin the browser used.
   */
  fromTrustedProxy: (c: Context) => boolean;
}

/** The origin the browser reached the server at; behind a trusted proxy, the one the proxy says. */
export function ownOrigin(c: Context, fromTrustedProxy: boolean): string {
  const url = new URL(c.req.url);
  if (fromTrustedProxy) {
    // The nearest proxy's scheme (the last entry), the outermost proxy's host (the first).
    const proto = c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
    if (host && /^[a-z0-9.-]+(:\d+)?$/i.test(host)) url.host = host;
  }
  return url.origin;
}

/** The media type of a Content-Type header, without its parameters, in lower case. */
function mediaType(contentType: string | undefined): string {
  return contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Refuses requests another site makes the browser send (the session cookie goes with them): a 403 when
 * `Origin` is present and not the server's own, or `Sec-Fetch-Site` says `cross-site`. And a 415 when a
 * call that is not a read sends its body as anything but JSON: a form or `text/plain` is what a page of
 * another site can post without asking the browser first (the app always sends JSON).
 */
export function refuseCrossSite(options: CrossSiteOptions): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    const crossSite =
      c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site' ||
      (origin !== undefined && origin !== ownOrigin(c, options.fromTrustedProxy(c)));
    if (crossSite) throw new HttpError(403, 'forbidden', 'Cross-site request refused');
    if (!readOnlyMethods.has(c.req.method)) {
      const type = mediaType(c.req.header('content-type'));
      if (type !== 'application/json')
        throw new HttpError(
          415,
          'unsupported_media_type',
          `The request body must be JSON sent with Content-Type: application/json (${type ? `not ${type}` : 'none was sent'})`,
          'body',
        );
    }
    await next();
  };
}
