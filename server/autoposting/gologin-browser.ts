/**
 * GoLogin's cloud browser: a profile's Chromium reached over CDP at `<cloudUrl>/connect?token&profile`,
 * each failure as a `ProfileServiceError` in words a person can act on.
 */
import { type Browser, chromium } from 'playwright-core';
import { missingProfile, secondsOf } from './gologin-api';
import { ProfileServiceError } from './types';

export interface CloudBrowserOptions {
  token: string;
  /** GoLogin's cloud browser (`GOLOGIN_CLOUD_URL`), http(s) or ws(s). */
  cloudUrl: string;
  timeoutMs: number;
  /** Takes the token out of a message. */
  redact: (text: string) => string;
}

/** Connects to the profile's cloud browser, unless `signal` aborts first. */
export async function connectCloudBrowser(
  options: CloudBrowserOptions,
  profileId: string,
  signal?: AbortSignal,
): Promise<Browser> {
  const url = new URL(`${options.cloudUrl.replace(/\/+$/, '')}/connect`);
  url.protocol = url.protocol.replace(/^http/, 'ws');
  url.searchParams.set('token', options.token);
  url.searchParams.set('profile', profileId);
  try {
    return await untilAborted(chromium.connectOverCDP(url.href, { timeout: options.timeoutMs }), signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw connectError(options, error);
  }
}

function connectError(options: CloudBrowserOptions, error: unknown): ProfileServiceError {
  const text = error instanceof Error ? error.message : String(error);
  if (/\b(401|403)\b/.test(text))
    return new ProfileServiceError('GoLogin refused the API token: check GOLOGIN_API_TOKEN.', 'refused');
  if (/\b404\b/.test(text)) return new ProfileServiceError(missingProfile, 'not_found');
  if (/timeout/i.test(text))
    return new ProfileServiceError(
      `GoLogin's cloud browser did not start within ${secondsOf(options.timeoutMs)} s: try again in a few minutes.`,
      'timeout',
    );
  const reason = text.split('\n')[0] ?? '';
  return new ProfileServiceError(
    options.redact(
      `GoLogin's cloud browser could not be reached (${reason}): check GOLOGIN_CLOUD_URL and the network.`,
    ),
    'unreachable',
  );
}

/** `promise`, unless `signal` aborts first; what it brings later is closed. */
function untilAborted(promise: Promise<Browser>, signal: AbortSignal | undefined): Promise<Browser> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => {
      reject(signal.reason);
      promise.then((browser) => browser.close()).catch(() => undefined);
    };
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
