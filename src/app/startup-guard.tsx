import { createRoot } from 'react-dom/client';
import { StartupError } from './startup-error';

/**
 * Imported first by `src/main.tsx`, before the app's modules: an error thrown while they load (a bad
 * configuration: `src/lib/env.ts` throws) would otherwise leave the page blank, so it is shown instead.
 * Once the app has started, `appStarted()` hands errors back to the app.
 */
function showStartupError(event: ErrorEvent) {
  const container = document.getElementById('root');
  if (!container) return;
  const error: unknown = event.error;
  createRoot(container).render(
    <StartupError message={error instanceof Error ? error.message : event.message} />,
  );
}

window.addEventListener('error', showStartupError);

/** The app's modules have loaded: errors from here on are the app's to show. */
export function appStarted(): void {
  window.removeEventListener('error', showStartupError);
}
