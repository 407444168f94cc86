// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clerkScriptCache, isClerkScript, keepClerkScripts } from './clerk-script';

const own = 'https://app.replyradar.example';
const clerkJs = 'https://clerk.replyradar.example/npm/@clerk/clerk-js@5/dist/clerk.browser.js';
const clerkChunk =
  'https://clerk.replyradar.example/npm/@clerk/clerk-js@5/dist/signin_clerk.browser_1_5.1.js';

/** CacheStorage as the browser keeps it, in memory: what `add` fetched is what `match` finds. */
function memoryCaches() {
  const caches = new Map<string, Set<string>>();
  const storage = {
    open: async (name: string) => {
      const entries = caches.get(name) ?? new Set<string>();
      caches.set(name, entries);
      return {
        match: async (url: string) => (entries.has(url) ? new Response('kept') : undefined),
        addAll: async (urls: string[]) => {
          for (const url of urls) entries.add(url);
        },
      };
    },
  } as unknown as CacheStorage;
  return { storage, kept: (name: string) => [...(caches.get(name) ?? [])] };
}

describe("Clerk's script on the device", () => {
  it("is Clerk's files from Clerk's host, not the app's own nor other scripts", () => {
    expect(isClerkScript(new URL(clerkJs), own)).toBe(true);
    expect(isClerkScript(new URL(clerkChunk), own)).toBe(true);
    expect(isClerkScript(new URL('/npm/@clerk/clerk-js@5/dist/clerk.browser.js', own), own)).toBe(false);
    expect(isClerkScript(new URL('https://cdn.paddle.com/paddle/v2/paddle.js'), own)).toBe(false);
    expect(isClerkScript(new URL('https://clerk.replyradar.example/v1/client'), own)).toBe(false);
  });

  it('keeps the Clerk files the page loaded, once each', async () => {
    const { storage, kept } = memoryCaches();
    const loaded = [`${own}/assets/index.js`, clerkJs, clerkChunk, clerkJs];
    expect(await keepClerkScripts(loaded, own, storage)).toBe(2);
    expect(kept(clerkScriptCache).sort()).toEqual([clerkJs, clerkChunk].sort());
    expect(await keepClerkScripts(loaded, own, storage)).toBe(0);
  });

  it('keeps nothing where the browser has no caches', async () => {
    expect(await keepClerkScripts([clerkJs], own, undefined)).toBe(0);
  });
});
