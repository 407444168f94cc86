import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Finding } from './findings';
import { writeReport } from './findings';

/** Gzipped JavaScript a route may load before it is interactive. */
export const bundleBarBytes = 150 * 1024;

/** Scripts of the outside services, loaded from their hosts only in those modes: counted apart. */
const providerHosts = [
  { provider: 'Clerk', host: /(^|\.)clerk\.(com|dev|accounts\.dev)$|(^|\.)clerk\./ },
  { provider: 'Paddle', host: /(^|\.)paddle\.com$/ },
];

interface Script {
  url: string;
  provider: string | null;
  raw: number;
  gzip: number;
}

export interface BundleRoute {
  /** 'sign-in', 'mentions'. */
  name: string;
  path: string;
  /** Session and storage to start from (a signed-in person's), if any. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** What shows once the route is usable (the form, the posts). */
  ready: (page: Page) => Promise<void>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The gzipped size of every script a route loads until the network is quiet and its content shows, the
 * service worker blocked so nothing comes from a cache (the same approach as scripts/measure-route-js.ts).
 */
export async function bundleAudit(browser: Browser, baseURL: string, route: BundleRoute): Promise<Finding[]> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers: 'block',
    ...(route.storageState ? { storageState: route.storageState } : {}),
  });
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response
          .body()
          .then((body) => {
            const url = new URL(response.url());
            scripts.push({
              url: url.origin === new URL(baseURL).origin ? url.pathname : url.href,
              provider: providerHosts.find((p) => p.host.test(url.hostname))?.provider ?? null,
              raw: body.length,
              gzip: gzipSync(body).length,
            });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(route.path, { waitUntil: 'networkidle' });
    await route.ready(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
  } finally {
    await context.close();
  }

  const app = scripts.filter((s) => s.provider === null);
  const appBytes = app.reduce((sum, s) => sum + s.gzip, 0);
  writeReport(`bundle/${route.name}.json`, {
    route: route.path,
    appGzipBytes: appBytes,
    scripts: [...scripts].sort((a, b) => b.gzip - a.gzip),
  });
  const largest = [...app]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map((s) => `${kb(s.gzip)} ${s.url}`)
    .join('; ');
  const findings: Finding[] = [
    {
      audit: `bundle ${route.name}`,
      metric: `app JS, gzipped (${app.length} scripts)`,
      value: kb(appBytes),
      bar: `≤ ${kb(bundleBarBytes)}`,
      pass: appBytes <= bundleBarBytes,
      ...(appBytes <= bundleBarBytes ? {} : { detail: `largest: ${largest}` }),
    },
  ];
  for (const { provider } of providerHosts) {
    const own = scripts.filter((s) => s.provider === provider);
    findings.push({
      audit: `bundle ${route.name}`,
      metric: `${provider}'s own scripts (counted apart)`,
      value: own.length === 0 ? 'not loaded' : kb(own.reduce((sum, s) => sum + s.gzip, 0)),
      bar: 'reported',
      pass: true,
    });
  }
  return findings;
}
