// The app's start, loaded by the page's entry (`src/boot.ts`). The startup guard is imported first: it
// shows an error thrown while the app's modules load (a bad configuration) instead of a blank page.

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadFirstScreen } from '@/app/app';
import { appStarted } from '@/app/startup-guard';
import { type PageStart, takeFirstAnswersFromPage } from '@/first-screen/first-answers';
import {
  afterFirstPaint,
  firstScreenSettled,
  holdUntilFirstPaint,
  holdUntilFirstScreenSettles,
} from '@/first-screen/first-paint';
import { nextTask } from '@/first-screen/next-task';
import { drawnByServer } from '@/first-screen/page';
import { appUpdate } from '@/lib/app-update';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';

/** Draws the app into `container`, or takes over the first screen the server drew there (decision 020). */
function render(container: HTMLElement, start: PageStart, takeOver: boolean): void {
  const app = (
    <StrictMode>
      <App pageSession={start.session} pageData={start.data} takingOver={takeOver} />
    </StrictMode>
  );
  if (!takeOver) {
    createRoot(container).render(app);
    return;
  }
  // A transition: React takes the page over in short slices, so the screen answers input meanwhile.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) =>
        console.error('The page’s first screen did not match the app’s; the app drew it again', error),
    });
  });
}

/**
 * Starts the app, each step in a task of its own (the modules have just run in one): on a phone, a page
 * the server drew is on screen and may be scrolled or tapped meanwhile, so no step may hold it for long.
 */
async function start(): Promise<void> {
  appStarted();
  // From here, what waits for the first paint (keeping the page's answers, the mirror) waits for the app's,
  // and the background work (the sync engine, the service worker) for the first screen to settle.
  holdUntilFirstPaint();
  holdUntilFirstScreenSettles();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  captureInstallPrompt();

  await nextTask();
  const page = await takeFirstAnswersFromPage(document, nextTask);
  await nextTask();
  // Where the first screen settles (the newest found date named, say): gone to before the first render,
  // so the app does not draw one screen and then redirect to it. The page's entry has usually gone there
  // already (it shows the drawn screen's address from the first paint); a history update costs a phone
  // several milliseconds, so it is made only when the address differs.
  const { pathname, search } = window.location;
  if (page.location && page.location !== pathname + search)
    window.history.replaceState(window.history.state, '', page.location);
  // The server drew the first screen into the page from the same answers: the app takes that HTML over
  // instead of drawing it again. A page whose answers the app set aside (a session this device kept
  // outweighs them) is drawn afresh.
  const drawn = drawnByServer();
  const takeOver = drawn && page.session !== undefined;
  if (drawn && !takeOver) container.replaceChildren();

  // The first render waits for the code of the screen the page opens on, so that it shows that screen
  // rather than a spinner; a screen that fails to load is left to the app, which shows its own states.
  await loadFirstScreen(
    window.location.pathname,
    page.session === undefined ? null : page.session !== null,
  ).catch((error: unknown) => console.error('Could not load the first screen ahead', error));
  await nextTask();
  render(container, page, takeOver);

  // The page's answers are kept on the device (for the next start offline) once the first screen shows;
  // then the first screen has settled, and the app's background work may start.
  const { session, answers } = page;
  void afterFirstPaint()
    .then(async () => {
      if (!session || answers.length === 0) return;
      const { keepPageAnswers } = await import('@/first-screen/keep-page-answers');
      await keepPageAnswers(answers, session);
    })
    .catch((error: unknown) => console.error('Could not keep the page’s answers on this device', error))
    .finally(firstScreenSettled);
  registerServiceWorker(appUpdate.offer);
}

void start().catch((error: unknown) => console.error('ReplyRadar could not start', error));
