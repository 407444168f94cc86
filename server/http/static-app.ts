import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstAnswersElementId, serializeFirstAnswers } from '@contract/first-answers';
import { type RenderScreen, screenScriptsElementId } from '@contract/screen-renderer';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { sessionCookie } from '../auth/local-sessions';
import type { Logger } from '../logger';
import type { AppEnv } from './bind-route';
import { firstAnswersFor, isMentionsScreen } from './first-answers';
import { streamedPage } from './streamed-page';

const noCache = 'no-cache';
const immutable = 'public, max-age=31536000, immutable';
const neverCached = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** How long a browser may keep a built file: hashed assets for good, the shell and worker never. */
export function cacheControlFor(requestPath: string): string {
  if (neverCached.has(requestPath)) return noCache;
  if (requestPath.startsWith('/assets/')) return immutable;
  return 'public, max-age=3600';
}

/** Which scripts each first screen loads beyond the entry's, as the build wrote them (scripts/vite-first-screens.ts). */
type ScreenPreloads = Partial<Record<'signedOut' | 'signedIn' | 'mentions', string[]>>;

function readScreenPreloads(root: string): ScreenPreloads {
  try {
    return JSON.parse(readFileSync(path.join(root, 'screen-preloads.json'), 'utf8')) as ScreenPreloads;
  } catch {
    return {};
  }
}

/** `modulepreload` links for the first screen's scripts, so the browser fetches them with the entry. */
export function preloadLinks(scripts: readonly string[]): string {
  return onlyScripts(scripts)
    .map((script) => `<link rel="modulepreload" crossorigin href="${script}">`)
    .join('');
}

/**
 * The first screen's scripts for a page whose HTML shows that screen: listed, not linked, so that the page
 * asks for them once it has painted (`src/boot.ts`, decision 020) instead of before, and in the order they
 * run (one per task, decision 034).
 */
export function screenScriptsElement(scripts: readonly string[]): string {
  return `<script type="application/json" id="${screenScriptsElementId}">${JSON.stringify(onlyScripts(scripts))}</script>`;
}

function onlyScripts(scripts: readonly string[]): string[] {
  return [...new Set(scripts)].filter((script) => /^\/assets\/[\w.-]+\.js$/.test(script));
}

/** The rest of the page with the first screen's HTML in the app's root element (empty in the build). */
export function withScreen(rest: string, screenHtml: string): string {
  const root = '<div id="root"></div>';
  return rest.includes(root) ? rest.replace(root, () => `<div id="root">${screenHtml}</div>`) : rest;
}

/** The first answers as the page carries them: JSON the app reads before its first calls. */
export function firstAnswersElement(json: string): string {
  return `<script type="application/json" id="${firstAnswersElementId}">${json}</script>`;
}

/** The page cut where the server's additions go: the head (links go at its end), and the rest. */
function splitPage(html: string): { head: string; rest: string } {
  const at = html.indexOf('</head>');
  return at === -1 ? { head: '', rest: html } : { head: html.slice(0, at), rest: html.slice(at) };
}

export interface ServeAppOptions {
  /**
   * Put the first answers into pages a browser navigates to (local accounts: the server can read the
   * session from its cookie). Off under a hosted sign-in provider, whose session the app asks it for.
   */
  firstAnswers: boolean;
  /** Draws the first screen of such a page from its first answers (decision 020); null leaves it to the app. */
  renderScreen?: RenderScreen | null;
  logger: Logger;
}

/**
 * Serves the built app: files as they are, and `index.html` for any other path outside `/api` that does
 * not name a file, so the app's own router handles it. A page a browser navigates to carries the first
 * answers of its screen (decision 017); those pages are the person's own, so they are never stored.
 */
export function serveApp(app: Hono<AppEnv>, staticDir: string, options: ServeAppOptions): void {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  // serveStatic calls onFound after it has built the response, so a header set there is lost: note
  // the file found and set its Cache-Control on the response itself.
  const foundFiles = new WeakMap<Context, string>();
  // `precompressed`: the build wrote a .br and a .gz beside each text file; the one the browser accepts
  // is sent as it is.
  const files = serveStatic({
    root,
    precompressed: true,
    onFound: (filePath, c) => void foundFiles.set(c, filePath.replace(/\.(br|gz|zst)$/, '')),
  });
  app.use('*', async (c, next) => {
    // The page at `/` is the app's home, served (with its first answers) below like every other route.
    if (c.req.path === '/') return next();
    const result = await files(c, next);
    const filePath = foundFiles.get(c);
    if (result instanceof Response && filePath) {
      const requestPath = `/${path.relative(root, filePath).split(path.sep).join('/')}`;
      result.headers.set('Cache-Control', cacheControlFor(requestPath));
    }
    return result;
  });
  app.get('*', async (c) => {
    // A missing file (an old hashed chunk, say) is a 404, never the app's HTML under a script's name.
    if (path.posix.extname(c.req.path) !== '') return c.text('Not found', 404, { 'Cache-Control': noCache });
    if (!existsSync(indexFile)) return c.text('The app has not been built: run npm run build.', 503);
    const html = readFileSync(indexFile, 'utf8');
    // Only a navigation: the service worker's own fetch of the shell must never keep someone's answers.
    if (!options.firstAnswers || c.req.header('sec-fetch-dest') !== 'document') {
      c.header('Cache-Control', noCache);
      return c.html(html);
    }
    // The head goes out as soon as the server knows whether someone is signed in, naming the scripts of
    // the screen they will see; the first answers follow when they are in. The browser fetches the
    // scripts meanwhile, and they run only once the whole page is in.
    const { head, rest } = splitPage(html);
    const preloads = readScreenPreloads(root);
    const page = new URL(c.req.url);
    let signedIn: (value: boolean) => void = () => undefined;
    const knowsSession = new Promise<boolean>((resolve) => {
      signedIn = resolve;
    });
    const screen = firstAnswersFor(
      (request) => app.fetch(request),
      page,
      getCookie(c, sessionCookie) === undefined ? undefined : c.req.header('cookie'),
      signedIn,
    );
    // A failure before the session is known: no scripts named beyond the entry's.
    screen.catch(() => signedIn(false));
    const scripts = (await knowsSession)
      ? [...(preloads.signedIn ?? []), ...(isMentionsScreen(page) ? (preloads.mentions ?? []) : [])]
      : (preloads.signedOut ?? []);
    const { renderScreen } = options;
    const answered = screen.then(async (firstAnswers) => {
      const answers = firstAnswersElement(serializeFirstAnswers(firstAnswers));
      if (!renderScreen) return answers + rest;
      try {
        const html = await renderScreen(page.pathname + page.search, firstAnswers);
        return answers + (html === null ? rest : withScreen(rest, html));
      } catch (error) {
        // The app draws the screen itself, as it does for a page the service worker serves.
        options.logger.error({ err: error, path: c.req.path }, 'could not draw the first screen');
        return answers + rest;
      }
    });
    const streamed = streamedPage(
      head + (renderScreen ? screenScriptsElement(scripts) : preloadLinks(scripts)),
      answered,
      (error) => {
        // The page still works without them: the app asks for each answer itself.
        options.logger.error({ err: error, path: c.req.path }, 'could not gather the first answers');
        return rest;
      },
      c.req.header('accept-encoding'),
    );
    return c.body(streamed.body, 200, {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'private, no-store',
      Vary: 'Cookie, Accept-Encoding',
      ...(streamed.encoding ? { 'Content-Encoding': streamed.encoding } : {}),
    });
  });
}
