import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The hosted sign-in provider's Frontend API host, which its publishable key encodes. */
export function clerkFrontendHost(publishableKey: string | undefined): string | null {
  const encoded = publishableKey?.split('_')[2];
  if (!encoded) return null;
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
  return /^[a-z0-9.-]+$/i.test(host) ? host : null;
}

/** Security headers, with a CSP that allows exactly what the app loads in the configured mode. */
export function securityHeaders(options: { clerkPublishableKey: string | undefined }): MiddlewareHandler {
  const clerkHost = clerkFrontendHost(options.clerkPublishableKey);
  const clerk = clerkHost ? [`https://${clerkHost}`, 'https://challenges.cloudflare.com'] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...clerk],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(clerkHost ? [`https://${clerkHost}`] : [])],
      frameSrc: clerk.length > 0 ? clerk : ["'none'"],
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
  });
}
