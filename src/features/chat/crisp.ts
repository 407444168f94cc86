/** Crisp's loader. The CSP must allow https://client.crisp.chat and wss://client.relay.crisp.chat. */
export const crispScriptUrl = 'https://client.crisp.chat/l.js';

type CrispCommand = [string, string, unknown?];

/** Crisp's command queue: an array until its script loads, then Crisp's own object with `push`. */
interface CrispQueue {
  push: (command: CrispCommand) => unknown;
}

declare global {
  interface Window {
    $crisp?: CrispQueue;
    CRISP_WEBSITE_ID?: string;
  }
}

function push(command: CrispCommand): void {
  window.$crisp?.push(command);
}

/**
 * Starts the chat widget for a signed-in person: queues their email and loads Crisp's script once (the
 * queue is read when it arrives). Showing it again after a reset needs no second script.
 */
export function startCrisp(websiteId: string, email: string | null): void {
  if (!window.$crisp) {
    const queue: CrispCommand[] = [];
    window.$crisp = queue;
  }
  window.CRISP_WEBSITE_ID = websiteId;
  if (email) push(['set', 'user:email', [email]]);
  push(['do', 'chat:show']);
  if (!document.querySelector(`script[src="${crispScriptUrl}"]`)) {
    const script = document.createElement('script');
    script.src = crispScriptUrl;
    script.async = true;
    document.head.appendChild(script);
  }
}

/** On log out: ends the chat session, so the next person does not see this one's conversation, and hides it. */
export function resetCrisp(): void {
  if (!window.$crisp) return;
  push(['do', 'session:reset']);
  push(['do', 'chat:hide']);
}
