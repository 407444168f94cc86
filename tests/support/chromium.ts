import { type Browser, type BrowserContext, chromium } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this closed network needs. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium; `extraArgs` for a journey's own needs (a fake's host mapped to its port). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: [...chromiumArgs, ...extraArgs] });
}

/**
 * Chromium with a profile on disk, as a person's browser has: installing is only offered outside
 * incognito, and every `browser.newContext()` is incognito.
 */
export function launchProfile(userDataDir: string, options: { baseURL: string }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: chromiumArgs,
    baseURL: options.baseURL,
  });
}
