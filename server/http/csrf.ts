import type { Context, MiddlewareHandler } from 'hono';
import { HttpError } from './envelope';

/** Methods that change nothing: they carry no body the API reads. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CrossSiteOptions {
  /** The origin the browser reached the server at (behind a trusted proxy, the one the proxy says). */
  ownOrigin: (c: Context) => string;
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
    const refusal = crossSiteRefusal(
      c.req.method,
      (name) => c.req.header(name),
      () => options.ownOrigin(c),
    );
    if (refusal) throw refusal;
    await next();
  };
}

/** What `refuseCrossSite` answers a request with its method and headers, or null when it goes on. */
export function crossSiteRefusal(
  method: string,
  header: (name: string) => string | undefined,
  ownOrigin: () => string,
): HttpError | null {
  const origin = header('origin');
  const crossSite =
    header('sec-fetch-site')?.toLowerCase() === 'cross-site' ||
    (origin !== undefined && origin !== ownOrigin());
  if (crossSite) return new HttpError(403, 'forbidden', 'Cross-site request refused');
  if (readOnlyMethods.has(method)) return null;
  const type = mediaType(header('content-type'));
  if (type === 'application/json') return null;
  return new HttpError(
    415,
    'unsupported_media_type',
    `The request body must be JSON sent with Content-Type: application/json (${type ? `not ${type}` : 'none was sent'})`,
    'body',
  );
}
