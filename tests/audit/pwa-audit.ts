import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { posts } from '../../server/db/schema';
import { launchProfile } from '../support/chromium';
import { type AuditProduct, personWithPosts, visitorContext } from './audit-product';
import { buildNextVersion } from './build';
import { answersTakeTyping } from './bundle-audit';
import type { Finding } from './findings';

const audit = 'pwa';

function finding(metric: string, problem: string | null, value = problem ? 'fails' : 'yes'): Finding {
  return {
    audit,
    metric,
    value,
    bar: 'yes',
    pass: problem === null,
    ...(problem ? { detail: problem } : {}),
  };
}

async function attempt(metric: string, check: () => Promise<string | null>): Promise<Finding> {
  try {
    return finding(metric, await check());
  } catch (error) {
    return finding(
      metric,
      error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error),
    );
  }
}

/** Waits (30 s at most) until a service worker is active for the page. */
async function serviceWorkerReady(page: Page): Promise<void> {
  const ready = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]),
  );
  if (!ready) throw new Error('no service worker became active within 30 s');
}

async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** Installable (no installability or manifest errors), and the service worker controls after one reload. */
async function installability(baseURL: string): Promise<Finding[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'replyradar-audit-profile-'));
  const context = await launchProfile(profile, { baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/sign-in');
    await serviceWorkerReady(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    const controls = await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
    };
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
      url: string;
    };
    return [
      finding(
        'installability errors',
        installabilityErrors.length === 0 ? null : JSON.stringify(installabilityErrors),
        installabilityErrors.length === 0 ? 'none' : installabilityErrors.map((e) => e.errorId).join(', '),
      ),
      finding(
        'manifest errors',
        manifest.url === ''
          ? 'no manifest linked'
          : manifest.errors.length === 0
            ? null
            : JSON.stringify(manifest.errors),
        manifest.errors.length === 0 && manifest.url !== '' ? 'none' : `${manifest.errors.length} errors`,
      ),
      finding(
        'service worker controls after one reload',
        controls ? null : 'navigator.serviceWorker.controller is null',
      ),
    ];
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** What a screen titled `title` shows: its title, and `text` somewhere on it. */
const titledShowing = (title: string, text: string) => async (page: Page) => {
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByText(text).first().waitFor();
};

/**
 * The signed-in routes, each with what must show when it is reloaded offline, and, for the visit online,
 * when the person has used it: the app has taken the screen over (the page shows it before the app runs,
 * decision 020) and the network is quiet.
 */
const signedInRoutes: {
  name: string;
  path: string;
  endsAt: string;
  shows: (page: Page) => Promise<void>;
  used?: (page: Page) => Promise<unknown>;
}[] = [
  {
    name: 'home',
    path: '/',
    endsAt: '/mentions/reddit',
    shows: (page) => page.getByText('freelance_fran').first().waitFor(),
    used: answersTakeTyping,
  },
  {
    name: 'mentions',
    path: '/mentions',
    endsAt: '/mentions/reddit',
    shows: (page) => page.getByText('freelance_fran').first().waitFor(),
    used: answersTakeTyping,
  },
  {
    name: 'mentions by social',
    path: '/mentions/reddit',
    endsAt: '/mentions/reddit',
    shows: titledShowing('Mentions', 'designer_dan'),
    used: answersTakeTyping,
  },
  {
    name: 'replies',
    path: '/replies',
    endsAt: '/replies',
    shows: titledShowing('Replies', 'freelance_fran'),
  },
  {
    name: 'project',
    path: '/project',
    endsAt: '/project',
    shows: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Project' }).waitFor();
      await page.getByRole('button', { name: 'Manage keyword filter for late invoices' }).waitFor();
    },
  },
  {
    name: 'billing',
    path: '/billing',
    endsAt: '/billing',
    shows: (page) => page.getByText('Autopilot').first().waitFor(),
  },
];

/** Every signed-in route, visited online once, then reloaded with the network cut for page and worker. */
async function offlineRoutes(context: BrowserContext, page: Page, audit: AuditProduct): Promise<Finding[]> {
  for (const route of signedInRoutes) {
    await page.goto(route.path);
    await route.shows(page);
    await route.used?.(page);
    await page.waitForLoadState('networkidle');
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

  const findings: Finding[] = [];
  await context.setOffline(true);
  await audit.product.pause();
  try {
    for (const route of signedInRoutes) {
      findings.push(
        await attempt(`offline reload: ${route.name} (${route.path})`, async () => {
          await page.goto(route.path, { timeout: 15_000 });
          await page.reload({ timeout: 15_000 });
          await page.waitForURL((url) => url.pathname === route.endsAt, { timeout: 15_000 });
          await route.shows(page);
          return null;
        }),
      );
    }
  } finally {
    await audit.product.resume();
    await context.setOffline(false);
  }
  return findings;
}

/**
 * A second build with a changed worker replaces the served app; the open page offers 'Reload'; an
 * answer typed just before the click is on screen after the new version took over, and reaches the server.
 */
async function update(page: Page, audit: AuditProduct, projectPostId: string): Promise<Finding[]> {
  const nextDir = mkdtempSync(path.join(tmpdir(), 'replyradar-audit-next-'));
  const buildId = `audit-${Date.now().toString(36)}`;
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleLines.push(message.text());
  });
  try {
    buildNextVersion(nextDir, buildId);
    await page.goto('/mentions/reddit');
    const answer = page.locator(`[data-post-id="${projectPostId}"]`).getByRole('textbox', { name: 'Answer' });
    await answer.waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });

    // Deploy: the new build's files over the old ones (old hashed chunks stay, as on a real host).
    cpSync(nextDir, audit.staticDir, { recursive: true, force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const reload = page.getByRole('button', { name: 'Reload' });
    const offered = await attempt("a new version shows 'Reload'", async () => {
      await page.getByText('A new version of ReplyRadar is ready.').waitFor({ timeout: 60_000 });
      await reload.waitFor();
      return null;
    });
    if (!offered.pass) return [offered];

    const typed = `Typed just before the update, ${buildId}.`;
    const survives = await attempt('an answer typed before the update survives it', async () => {
      await answer.fill(typed);
      await reload.click();
      await page.waitForFunction(
        (id) => document.querySelector('meta[name="replyradar-build"]')?.getAttribute('content') === id,
        buildId,
        { timeout: 30_000 },
      );
      await answer.waitFor();
      const shown = await answer.inputValue();
      if (shown !== typed) return `after the reload the answer reads "${shown}"`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await audit.database.db.select().from(posts).where(eq(posts.id, projectPostId));
        if (row?.answer === typed) return null;
        if (Date.now() > deadline) {
          const card = await page.locator(`[data-post-id="${projectPostId}"]`).innerText();
          return `the server still holds "${row?.answer}"; the card reads: ${card.replace(/\s+/g, ' ')}; console: ${consoleLines.join(' | ')}`;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    });
    return [offered, survives];
  } finally {
    rmSync(nextDir, { recursive: true, force: true });
  }
}

/** The PWA checks Lighthouse no longer makes, in Chromium through Playwright and CDP. */
export async function pwaAudit(browser: Browser, product: AuditProduct): Promise<Finding[]> {
  const findings: Finding[] = [];
  const section = async (where: string, run: () => Promise<Finding[]>) => {
    try {
      findings.push(...(await run()));
    } catch (error) {
      findings.push(
        finding(where, error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)),
      );
    }
  };
  await section('installability', () => installability(product.product.baseURL));
  const context = await visitorContext(browser, product);
  try {
    const person = await personWithPosts(product, context);
    const page = await context.newPage();
    await section('offline reloads', () => offlineRoutes(context, page, product));
    const own = await product.database.db.select().from(posts).where(eq(posts.projectId, person.projectId));
    const target = own.find((row) => row.author === 'studio_sue')?.id;
    if (!target) throw new Error('no post to type an answer into');
    await section('update', () => update(page, product, target));
  } finally {
    await context.close();
  }
  return findings;
}
