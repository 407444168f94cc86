import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isHttps, type TrustProxy } from './trusted-proxy';

/** Browsers keep to https for half a year once they have reached the site over it. */
export const strictTransportSecurity = 'max-age=15552000; includeSubDomains';

/** The hosted sign-in provider's Frontend API host, which its publishable key encodes. */
export function clerkFrontendHost(publishableKey: string | undefined): string | null {
  const encoded = publishableKey?.split('_')[2];
  if (!encoded) return null;
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
  return /^[a-z0-9.-]+$/i.test(host) ? host : null;
}

export interface ContentSources {
  /** Clerk's publishable key, when sign-in goes through Clerk. */
  clerkPublishableKey?: string | undefined;
  /** Paddle.js checkout is in use. */
  paddle?: boolean;
  /** The Crisp chat widget is in use. */
  crisp?: boolean;
}

/** Each directive's sources for the outside services the configured mode loads, beyond the app's own. */
export function outsideSources({ clerkPublishableKey, paddle, crisp }: ContentSources) {
  const clerkHost = clerkFrontendHost(clerkPublishableKey);
  const clerk = clerkHost ? [`https://${clerkHost}`] : [];
  const captcha = clerkHost ? ['https://challenges.cloudflare.com'] : [];
  const paddleScripts = paddle ? ['https://cdn.paddle.com'] : [];
  const paddleFrames = paddle ? ['https://buy.paddle.com', 'https://sandbox-buy.paddle.com'] : [];
  const paddleApi = paddle ? ['https://*.paddle.com'] : [];
  const crispHost = crisp ? ['https://client.crisp.chat'] : [];
  return {
    script: [...clerk, ...captcha, ...paddleScripts, ...crispHost],
    style: crispHost,
    font: crispHost,
    connect: [
      ...clerk,
      ...paddleApi,
      ...(crisp
        ? ['https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat']
        : []),
    ],
    media: crispHost,
    frame: [...clerk, ...captcha, ...paddleFrames, ...(crisp ? ['https://game.crisp.chat'] : [])],
  };
}

/**
 * Security headers, with a CSP that allows exactly what the app loads in the configured mode.
 * Strict-Transport-Security only on an answer over https (TLS here, or at the trusted proxy in front):
 * over plain http it means nothing, and a site reached by its address must not pin https on it.
 */
export function securityHeaders(
  sources: ContentSources,
  trustProxy: TrustProxy = { hops: 0 },
): MiddlewareHandler {
  const outside = outsideSources(sources);
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...outside.script],
      styleSrc: ["'self'", "'unsafe-inline'", ...outside.style],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:', ...outside.font],
      connectSrc: ["'self'", ...outside.connect],
      mediaSrc: ["'self'", ...outside.media],
      frameSrc: outside.frame.length > 0 ? outside.frame : ["'none'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    strictTransportSecurity: false,
  });
  return async (c, next) => {
    await headers(c, next);
    // Set on the answer's headers, as the headers above are (`c.header` would copy the answer).
    if (isHttps(c, trustProxy)) c.res.headers.set('Strict-Transport-Security', strictTransportSecurity);
  };
}
