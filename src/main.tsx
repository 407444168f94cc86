import '@/styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupError } from '@/app/startup-error';
import { appUpdate } from '@/lib/app-update';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { registerServiceWorker } from '@/lib/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The app is imported, not bundled in, so that a configuration error (src/lib/env.ts throws while the
// app's modules load) is shown on the page instead of leaving it blank.
import('@/app/app').then(
  ({ App }) => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  },
);

captureInstallPrompt();
registerServiceWorker(appUpdate.offer);
