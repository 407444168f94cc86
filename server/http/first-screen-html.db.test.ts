import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstAnswersElementId } from '@contract/first-answers';
import type { RenderScreen } from '@contract/screen-renderer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '@/app/render-screen';
import { startTestServer, type TestServer, testDatabases } from '../../tests/support/server-harness';
import { discoveryRuns } from '../db/schema';
import { claimRun, defaultStaleAfterMs, finishRun } from '../discovery/discovery-runs';
import { createLogger } from '../logger';

// The page as the build writes it: the entry script in the head, the app's root element empty.
const shell =
  '<!doctype html><html><head><title>ReplyRadar</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const preloads = {
  signedOut: ['/assets/sign-in-1.js', '/assets/app-1.js'],
  signedIn: ['/assets/signed-in-1.js', '/assets/app-1.js'],
  mentions: ['/assets/signed-in-1.js'],
};

/** What is inside the app's root element of a page. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>');
  return start === -1 ? '' : html.slice(start + '<div id="root">'.length, end);
}

/** The scripts a page lists for after its first paint (decision 020). */
function listedScripts(html: string): unknown {
  const match = /<script type="application\/json" id="screen-scripts">(.*?)<\/script>/.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

describe.each(testDatabases())('the first screen drawn into the page (%s)', (kind) => {
  let dir: string;
  let server: TestServer;
  let cookie: string;
  let projectId: string;
  const errors: { entry: { err?: Error }; message: string }[] = [];
  let render: RenderScreen = renderScreen;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rr-first-screen-'));
    writeFileSync(path.join(dir, 'index.html'), shell);
    writeFileSync(path.join(dir, 'screen-preloads.json'), JSON.stringify(preloads));
    const logger = createLogger('error');
    logger.error = ((entry: { err?: Error }, message: string) =>
      void errors.push({ entry, message })) as typeof logger.error;
    server = await startTestServer(
      kind,
      {},
      { staticDir: dir, logger, renderScreen: (url, answers) => render(url, answers) },
    );
    const person = await server.signUpWithWorkspace('reader@example.com');
    cookie = person.cookie;
    await server.request('POST', '/api/subscription/local-checkout', {
      token: person.token,
      body: { priceIds: ['local_start_month', 'local_autopost_month'] },
    });
    const project = await server.seedProject(person.workspace.id, { reviewed: true });
    projectId = project.id;
    await server.seedPost(project.id, {
      keyword: 'crm',
      foundDate: '2025-03-05',
      author: 'ana_sells',
      content: 'Which CRM do you use? <script>alert(1)</script>',
      answer: 'We keep ours in Tallybird.',
    });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const navigate = async (pathname: string, withCookie: string | null = cookie) =>
    String(
      (
        await server.request('GET', pathname, {
          headers: { 'sec-fetch-dest': 'document' },
          ...(withCookie ? { cookie: withCookie } : {}),
        })
      ).body,
    );

  it('shows the mentions of a signed-in person in the page itself, before any script runs', async () => {
    const root = rootOf(await navigate('/mentions/reddit'));
    expect(root).toContain('>Mentions</h1>');
    expect(root).toContain(
      'Here last filtered mentions and answers for last day. Next update will be tomorrow.',
    );
    expect(root).toContain('ana_sells');
    expect(root).toContain('We keep ours in Tallybird.</textarea>');
    expect(root).toContain('Publish');
    // The post's text is text, never markup.
    expect(root).toContain('Which CRM do you use? &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(root).not.toContain('<script>alert(1)');
  });

  it('says in the page that the search still goes on while the day’s run is not finished', async () => {
    const window = { since: new Date('2025-03-04T06:00:00Z'), until: new Date('2025-03-05T06:00:00Z') };
    const claim = await claimRun(server.db, projectId, '2025-03-05', window, new Date(), defaultStaleAfterMs);
    if (!claim.claimed) throw new Error('the run was not claimed');
    try {
      const root = rootOf(await navigate('/mentions/reddit'));
      expect(root).toContain('ana_sells');
      expect(root).toMatch(/role="status"[^>]*>Still searching: more posts may appear\.</);
      await finishRun(server.db, claim.run, new Date());
      expect(rootOf(await navigate('/mentions/reddit'))).not.toContain('Still searching');
    } finally {
      await server.db.delete(discoveryRuns).where(eq(discoveryRuns.projectId, projectId));
    }
  });

  it('draws home at the mentions it settles on', async () => {
    const html = await navigate('/');
    expect(html).toContain('"location":"/mentions/reddit?found_date=2025-03-05"');
    expect(rootOf(html)).toContain('ana_sells');
  });

  it('shows sign in to a visitor nobody is signed in as, wherever they asked to go', async () => {
    for (const pathname of ['/sign-in', '/mentions/reddit']) {
      const root = rootOf(await navigate(pathname, null));
      expect(root).toContain('>Sign in</h1>');
      expect(root).toContain('Email address');
      expect(root).not.toContain('ana_sells');
    }
  });

  it('lists the first screen’s scripts for after the first paint instead of linking them', async () => {
    const html = await navigate('/mentions/reddit');
    expect(listedScripts(html)).toEqual(['/assets/signed-in-1.js', '/assets/app-1.js']);
    expect(html).not.toContain('rel="modulepreload"');
    expect(listedScripts(await navigate('/sign-in', null))).toEqual(preloads.signedOut);
  });

  it('leaves the screen to the app when drawing it fails, and says so in the log', async () => {
    render = async () => {
      throw new Error('the renderer broke');
    };
    try {
      const html = await navigate('/mentions/reddit');
      expect(rootOf(html)).toBe('');
      expect(html).toContain(`id="${firstAnswersElementId}"`);
      expect(errors.at(-1)?.message).toBe('could not draw the first screen');
      expect(errors.at(-1)?.entry.err?.message).toBe('the renderer broke');
    } finally {
      render = renderScreen;
    }
  });

  it('draws nothing into the shell the service worker fetches', async () => {
    const response = await server.request('GET', '/mentions/reddit', { cookie });
    expect(rootOf(String(response.body))).toBe('');
  });
});
