/**
 * Resolves in a task of its own, after the browser has had the chance to handle input and draw: for work
 * cut into pieces, so that no one piece holds the page (`scheduler.yield` where the browser has it).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
