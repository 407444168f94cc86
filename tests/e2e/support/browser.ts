import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';

export { launchBrowser } from '../../support/chromium';

export function baseURL(): string {
  return inject('baseURL');
}

/** A fresh visitor: a new context with no cookies or storage. */
export async function newVisitor(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport });
  const page = await context.newPage();
  return { context, page };
}

/** An email address no earlier run has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export function productPageURL(): string {
  return inject('productPageURL');
}
