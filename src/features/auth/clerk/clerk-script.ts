/**
 * Clerk's script (clerk-js) and the parts it loads later come from Clerk's host, under `/npm/@clerk/`.
 * The service worker keeps them in this cache so that, under Clerk, the app opens offline (decision 041).
 */
export const clerkScriptCache = 'clerk-js';

/** Whether `url` is one of Clerk's script files, from a host other than the app's own. */
export function isClerkScript(url: URL, ownOrigin: string): boolean {
  return url.origin !== ownOrigin && url.pathname.startsWith('/npm/@clerk/') && url.pathname.endsWith('.js');
}

/**
 * Puts the Clerk script files this page loaded into the cache, those not there already. The first page
 * of a device loads them before the service worker controls it, so the worker alone would miss them;
 * the copies come from the browser's own cache, so this costs no second download.
 */
export async function keepClerkScripts(
  loaded: readonly string[],
  ownOrigin: string,
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<number> {
  if (!storage) return 0;
  const scripts = loaded.filter((name) => URL.canParse(name) && isClerkScript(new URL(name), ownOrigin));
  if (scripts.length === 0) return 0;
  const cache = await storage.open(clerkScriptCache);
  const missing = [];
  for (const url of new Set(scripts)) if (!(await cache.match(url))) missing.push(url);
  await cache.addAll(missing);
  return missing.length;
}

/**
 * Keeps every Clerk script file this page loads, those loaded already and those Clerk loads later (its
 * screens' parts). Returns the function that stops watching.
 */
export function keepClerkScriptsAsLoaded(ownOrigin: string): () => void {
  if (typeof PerformanceObserver === 'undefined') return () => undefined;
  const keep = (entries: readonly PerformanceEntry[]) => {
    const scripts = entries
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => entry.name);
    keepClerkScripts(scripts, ownOrigin).catch((error: unknown) =>
      console.warn("Could not keep Clerk's script on this device", error),
    );
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'resource', buffered: true });
  return () => observer.disconnect();
}
