// First: shows an error thrown while the app's modules load (a bad configuration) instead of a blank page.

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadFirstScreen } from '@/app/app';
import { takeFirstAnswersFromPage } from '@/app/first-answers';
import { appStarted } from '@/app/startup-guard';
import { appUpdate } from '@/lib/app-update';
import { afterFirstPaint, holdUntilFirstPaint } from '@/lib/first-paint';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';

appStarted();
// From here, what waits for the first paint (keeping the page's answers, the mirror) waits for the app's.
holdUntilFirstPaint();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const { session: pageSession, data: pageData, answers: pageAnswers, location } = takeFirstAnswersFromPage();
// Where the first screen settles (the newest found date named, say): gone to before the first render,
// so the app does not draw one screen and then redirect to it.
if (location) window.history.replaceState(window.history.state, '', location);

// The server drew the first screen into the page from the same answers (decision 020): the app takes that
// HTML over instead of drawing it again. A page whose answers the app set aside (a session this device
// kept outweighs them) is drawn afresh.
const drawnByServer = container.firstChild !== null;
const takeOver = drawnByServer && pageSession !== undefined;
if (drawnByServer && !takeOver) container.replaceChildren();

// The first render waits for the code of the screen the page opens on, so that it shows that screen
// rather than a spinner; a screen that fails to load is left to the app, which shows its own states.
void loadFirstScreen(window.location.pathname, pageSession === undefined ? null : pageSession !== null)
  .catch((error: unknown) => console.error('Could not load the first screen ahead', error))
  .then(() => {
    const app = (
      <StrictMode>
        <App pageSession={pageSession} pageData={pageData} />
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
  });

// The page's answers are kept on the device (for the next start offline) once the first screen shows.
if (pageSession && pageAnswers.length > 0) {
  const session = pageSession;
  void afterFirstPaint()
    .then(() => import('@/app/keep-page-answers'))
    .then(({ keepPageAnswers }) => keepPageAnswers(pageAnswers, session))
    .catch((error: unknown) => console.error('Could not keep the page’s answers on this device', error));
}

captureInstallPrompt();
registerServiceWorker(appUpdate.offer);
