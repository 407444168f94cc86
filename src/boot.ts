// The page's entry (decisions 020 and 034). A page whose first screen the server drew shows it from its
// HTML and stylesheet alone; the app's scripts are asked for once that screen has painted, so that on a
// slow connection they do not compete with it, and run one per task; then the app takes the screen over
// (`src/main.tsx`). A page without one (the shell the service worker serves, or a hosted sign-in
// provider's) loads the app at once.
import { firstAnswersElementId, screenScriptsElementId } from '@contract/page-elements';
// The stylesheet is the page's own: the first screen needs it to paint, with or without the app.
import '@/styles/index.css';
import { nextTask } from '@/first-screen/next-task';
import { drawnByServer, firstScreenTiming } from '@/first-screen/page';
import { holdFormsUntilTakeOver } from '@/first-screen/page-take-over';

/**
 * The scripts of the first screen the server named in the page, each after the scripts it imports
 * (`scripts/vite-first-screens.ts`); none on a page without the list (the service worker's shell).
 */
function screenScripts(): string[] {
  try {
    const scripts: unknown = JSON.parse(document.getElementById(screenScriptsElementId)?.textContent ?? '[]');
    if (!Array.isArray(scripts)) return [];
    return scripts.filter((href): href is string => typeof href === 'string' && href.startsWith('/assets/'));
  } catch {
    // Without the list the app loads them itself, one import after another.
    return [];
  }
}

/**
 * How many scripts are asked for per task: a `modulepreload` link put in the page costs it about a
 * millisecond (several on a phone), so a handful at once is a long task there.
 */
const preloadsPerTask = 2;

/** Fetches `scripts` beside each other before any of them runs, asking for a couple per task. */
async function preload(scripts: readonly string[]): Promise<void> {
  for (let start = 0; start < scripts.length; start += preloadsPerTask) {
    if (start > 0) await nextTask();
    for (const href of scripts.slice(start, start + preloadsPerTask)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.append(link);
    }
  }
}

/**
 * Loads the app and runs it one script per task: React (then React DOM's set-up, a task of its own), the
 * mirror's library, zod, the contract's entities, forms, sign-in schemas and API calls (building the
 * schemas is most of their cost), the app, its first screen, in the order the page names them, so that
 * each runs once what it imports has. The screen is already showing, so no script may hold the page for
 * long. A page without the list runs React, then the app.
 */
async function loadApp(scripts: readonly string[]): Promise<void> {
  await preload(scripts);
  // React DOM sets itself up on first use: asked for here, that is a task of its own rather than a part
  // of the app's script's first run.
  await import('react-dom/client');
  await nextTask();
  for (const href of scripts) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
  await import('./main');
}

function start(): void {
  loadApp(screenScripts()).catch((error: unknown) => {
    // An error while the app's modules load is shown by the startup guard (`src/app/startup-guard.tsx`).
    window.dispatchEvent(
      new ErrorEvent('error', { error, message: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/**
 * Runs `then` once the page's first content is on the screen: when the browser reports its first
 * contentful paint (reported once the frame is shown, not merely drawn), or, where it cannot say, after the
 * next frame. A page that does not paint (opened in a background tab) goes on after 3 s all the same.
 */
function afterFirstContentfulPaint(then: () => void): void {
  const canObserve =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!canObserve) {
    // A frame callback runs before that frame paints; the task it queues runs once it has.
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(fallback);
    then();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) go();
  });
  const fallback = setTimeout(go, firstScreenTiming.paintFallbackMs);
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * The address of the screen the server drew, when it is not the one asked for (the mentions with the
 * newest date named, say): the address bar says where the person is from the first paint on.
 */
function showDrawnAddress(): void {
  try {
    const { location } = JSON.parse(document.getElementById(firstAnswersElementId)?.textContent ?? '{}') as {
      location?: unknown;
    };
    if (typeof location === 'string' && location.startsWith('/') && !location.startsWith('//')) {
      window.history.replaceState(window.history.state, '', location);
    }
  } catch {
    // The app reads the answers itself and says what is wrong with them.
  }
}

if (drawnByServer()) {
  showDrawnAddress();
  // What is typed or sent on the page before the app works is the app's to take in (src/first-screen/page-take-over.ts).
  holdFormsUntilTakeOver();
  afterFirstContentfulPaint(start);
} else {
  start();
}
