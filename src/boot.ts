// The page's entry (decision 020). A page whose first screen the server drew shows it from its HTML and
// stylesheet alone; the app's code is asked for once that screen has painted, so that on a slow
// connection it does not compete with them, and then takes the screen over (`src/main.tsx`). A page
// without one (the shell the service worker serves, or a hosted sign-in provider's) loads the app at once.
import { firstAnswersElementId, screenScriptsElementId } from '@contract/page-elements';
// The stylesheet is the page's own: the first screen needs it to paint, with or without the app.
import '@/styles/index.css';
import { nextTask } from '@/lib/next-task';
import { holdFormsUntilTakeOver } from '@/lib/page-take-over';

/** The scripts of the first screen the server named, fetched beside the app's own. */
function preloadScreenScripts(): void {
  const element = document.getElementById(screenScriptsElementId);
  let scripts: unknown = [];
  try {
    scripts = JSON.parse(element?.textContent ?? '[]');
  } catch {
    // Without the list the app loads them itself, one import after another.
  }
  if (!Array.isArray(scripts)) return;
  for (const href of scripts) {
    if (typeof href !== 'string' || !href.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
}

/**
 * Loads the app and runs it, one part per task: React, then the API's schemas, then the app itself. The
 * screen is already showing, so no part may hold the page for long.
 */
function loadApp(): void {
  import('react-dom/client')
    .then(nextTask)
    .then(() => import('@contract/api'))
    .then(nextTask)
    .then(() => import('./main'))
    .catch((error: unknown) => {
      // An error while the app's modules load is shown by the startup guard (`src/app/startup-guard.tsx`).
      window.dispatchEvent(
        new ErrorEvent('error', { error, message: error instanceof Error ? error.message : String(error) }),
      );
    });
}

function start(): void {
  preloadScreenScripts();
  loadApp();
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
  const fallback = setTimeout(go, 3_000);
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

const drawnByServer = document.getElementById('root')?.firstChild != null;
if (drawnByServer) {
  showDrawnAddress();
  // What is typed or sent on the page before the app works is the app's to take in (src/lib/page-take-over.ts).
  holdFormsUntilTakeOver();
  afterFirstContentfulPaint(start);
} else {
  start();
}
