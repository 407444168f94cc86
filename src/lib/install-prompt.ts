/**
 * The browser's offer to install ReplyRadar as an app (`beforeinstallprompt`, Chromium). It can fire
 * before React renders, so it is caught from start-up and kept until the person uses it.
 */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Starts listening for the browser's install offer; call once at start-up. */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away; the workspace menu offers 'Install app' instead.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    notify();
  });
}

export const installPrompt = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  canInstall: (): boolean => offer !== null,
  /** Shows the browser's install dialog; the offer can be used once. */
  async install(): Promise<void> {
    const current = offer;
    if (!current) return;
    offer = null;
    notify();
    await current.prompt();
    const { outcome } = await current.userChoice;
    if (outcome === 'dismissed') console.info('Installing ReplyRadar was dismissed');
  },
};
