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
  /** Asked for before the route was interactive (counted against the bar), or after (reported only). */
  beforeInteractive: boolean;
}

export interface BundleRoute {
  /** 'sign-in', 'mentions'. */
  name: string;
  path: string;
  /** Session and storage to start from (a signed-in person's), if any. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /**
   * Resolves once the route is interactive, with the page's clock (`performance.now()`) at that moment:
   * the app has taken the screen over and its main action works (the page shows the screen before that,
   * decision 020). Scripts asked for later are not counted.
   */
  interactive: (page: Page) => Promise<number>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The gzipped size of every script a route asks for before it is interactive (`route.interactive`), the
 * service worker blocked so nothing comes from a cache. Scripts asked for afterwards (the service
 * worker's registration, keeping the page's answers) are listed in the report, not counted.
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
              beforeInteractive: true,
            });
          })
          .catch(() => undefined),
      );
    });
    await page.goto(route.path);
    const interactiveAt = await route.interactive(page);
    // The background work that follows (the service worker, the sync engine) is listed in the report too.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3_000);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    // When each script was asked for, on the page's own clock.
    const askedAt = new Map(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime] as const),
      ),
    );
    for (const script of scripts) {
      const at = askedAt.get(new URL(script.url, baseURL).href);
      script.beforeInteractive = at === undefined || at <= interactiveAt;
    }
  } finally {
    await context.close();
  }

  const app = scripts.filter((s) => s.provider === null && s.beforeInteractive);
  const appBytes = app.reduce((sum, s) => sum + s.gzip, 0);
  const later = scripts.filter((s) => s.provider === null && !s.beforeInteractive);
  writeReport(`bundle/${route.name}.json`, {
    route: route.path,
    appGzipBytes: appBytes,
    afterInteractiveGzipBytes: later.reduce((sum, s) => sum + s.gzip, 0),
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
      metric: `app JS before interactive, gzipped (${scriptCount(app.length)})`,
      value: kb(appBytes),
      bar: `≤ ${kb(bundleBarBytes)}`,
      pass: appBytes <= bundleBarBytes,
      ...(appBytes <= bundleBarBytes ? {} : { detail: `largest: ${largest}` }),
    },
    {
      audit: `bundle ${route.name}`,
      metric: `app JS after interactive (${scriptCount(later.length)})`,
      value:
        later.length === 0
          ? 'none'
          : `${kb(later.reduce((sum, s) => sum + s.gzip, 0))}: ${later.map((s) => s.url).join(', ')}`,
      bar: 'reported',
      pass: true,
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

/** Sign in is interactive when the app answers the form: an address left unfinished is said to be one. */
export async function signInAnswers(page: Page): Promise<number> {
  const email = page.getByLabel('Email address');
  const message = page.getByText('Email address must be a valid email address.');
  const deadline = Date.now() + 30_000;
  for (;;) {
    await email.fill('ada@');
    await email.blur();
    if (await message.isVisible()) break;
    if (Date.now() > deadline) throw new Error('the sign-in form never answered within 30 s');
    await page.waitForTimeout(20);
  }
  const at = await page.evaluate(() => performance.now());
  await email.fill('');
  return at;
}

/**
 * The mentions are interactive when an answer takes typing (read-only until the app holds the posts),
 * seen by the page itself the moment it changes. (A string: the test runner's transform would add helpers
 * the page does not have to a function.)
 */
export async function answersTakeTyping(page: Page): Promise<number> {
  const at: unknown = await page.evaluate(`new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => check());
    function check() {
      const answer = document.querySelector('[data-post-id] textarea');
      if (answer === null || answer.readOnly) return false;
      observer.disconnect();
      resolve(performance.now());
      return true;
    }
    if (!check()) {
      observer.observe(document, { subtree: true, childList: true, attributes: true });
      setTimeout(() => reject(new Error('no answer became editable within 30 s')), 30000);
    }
  })`);
  if (typeof at !== 'number') throw new Error('the page did not say when an answer became editable');
  return at;
}

const scriptCount = (n: number) => `${n} ${n === 1 ? 'script' : 'scripts'}`;
