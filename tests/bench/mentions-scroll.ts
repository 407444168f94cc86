/**
 * The mentions page with 2,000 posts in the mirror against the same page with 20: time to the first card
 * after a reload (the server draws it), and after a reload offline (the service worker's shell, the cards
 * from the mirror), and frames dropped while scrolling through the list offline for three seconds, in
 * Chromium at a phone's size.
 */
import { launchBrowser } from '../support/chromium';
import type { BenchTarget } from './target';

export interface MentionsScrollResult {
  posts: number;
  /** Reloaded before the service worker controls the page: the server draws the first cards. */
  firstCardMs: number;
  /** Reloaded offline once the service worker controls the page: the shell, and the cards from the mirror. */
  firstCardOfflineMs: number;
  scrollFrames: number;
  framesDropped: number;
  cardsRendered: number;
}

// The page scripts are strings: functions compiled by tsx carry helpers the page does not have.

/** Runs in the page before the app: notes when the first post card appears. */
const watchFirstCard = `
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-post-id]')) {
      window.__firstCardAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** Runs in the page: scrolls a steady 30 px a frame for three seconds and counts late frames. */
const scrollAndCountFrames = `new Promise((resolve) => {
  const frameMs = 1000 / 60;
  let last = 0, frames = 0, dropped = 0, started = 0;
  const step = (time) => {
    if (!started) started = time;
    if (last) {
      frames += 1;
      const late = Math.round((time - last) / frameMs) - 1;
      if (late > 0) dropped += late;
    }
    last = time;
    window.scrollBy(0, 30);
    if (time - started < 3000) requestAnimationFrame(step);
    else resolve({ frames, dropped });
  };
  requestAnimationFrame(step);
})`;

/**
 * Runs in the page: how many posts the mirror holds (0 before the app has made it: the page shows the
 * server's first cards before the app runs, and this must not create the database in the app's place).
 */
const mirroredPosts = `new Promise((resolve) => {
  const open = indexedDB.open('replyradar');
  open.onupgradeneeded = () => open.transaction.abort();
  open.onerror = () => resolve(0);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('posts')) {
      db.close();
      resolve(0);
      return;
    }
    const request = db.transaction('posts').objectStore('posts').count();
    request.onsuccess = () => {
      db.close();
      resolve(request.result);
    };
  };
})`;

export async function benchMentionsScroll(target: BenchTarget): Promise<MentionsScrollResult[]> {
  const browser = await launchBrowser();
  try {
    const results: MentionsScrollResult[] = [];
    for (const [posts, date] of [
      [20, target.dates.twenty],
      [2000, target.dates.twoThousand],
    ] as const) {
      const context = await browser.newContext({
        baseURL: target.baseURL,
        viewport: { width: 412, height: 915 },
        deviceScaleFactor: 2,
      });
      await context.request.post('/api/auth/sign-in', {
        data: { email: target.email, password: target.password },
      });
      await context.addInitScript({ content: watchFirstCard });
      const page = await context.newPage();
      const url = `/mentions/reddit?found_date=${date}`;
      // The first visit fills the mirror; wait until it holds every post of the day.
      await page.goto(url);
      await page.waitForSelector('[data-post-id]', { timeout: 120_000 });
      const deadline = Date.now() + 120_000;
      while ((await page.evaluate<number>(mirroredPosts)) < posts) {
        if (Date.now() > deadline) throw new Error(`the mirror never held ${posts} posts`);
        await page.waitForTimeout(500);
      }

      const firstCardAt = async () => {
        await page.waitForSelector('[data-post-id]', { timeout: 120_000 });
        return page.evaluate(() => (window as unknown as { __firstCardAt: number }).__firstCardAt);
      };
      await page.reload();
      const firstCardMs = await firstCardAt();
      // Offline, from the service worker's shell and the mirror: the app draws every card itself (the
      // worker only answers navigations, so cutting the page's network is enough).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      await context.setOffline(true);
      await page.reload();
      const firstCardOfflineMs = await firstCardAt();
      await page.waitForTimeout(1000);
      const { frames, dropped } = await page.evaluate<{ frames: number; dropped: number }>(
        scrollAndCountFrames,
      );
      const cardsRendered = await page.locator('[data-post-id]').count();
      results.push({
        posts,
        firstCardMs,
        firstCardOfflineMs,
        scrollFrames: frames,
        framesDropped: dropped,
        cardsRendered,
      });
      await context.setOffline(false);
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
