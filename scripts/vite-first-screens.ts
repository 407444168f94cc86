import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The first screens a page load can open on, each named by the app's modules it shows (paths from the
 * project root): signed out (sign in), and signed in (the app and its mentions screen). See decision 017.
 */
export interface FirstScreens {
  signedOut: string[];
  signedIn: string[];
  mentions: string[];
}

/** The file the server reads to name a first screen's scripts in the page. */
export const screenPreloadsFile = 'screen-preloads.json';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `roots` import statically, transitively, the roots included. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * How the app's code is cut into scripts, so that a first screen loads a handful of them, all named in
 * the page and fetched at once, instead of dozens one import after another (HTTP/1.1 fetches six at a
 * time):
 *
 * - `boot`: what the page's entry needs before it loads the app (`src/boot.ts`, decision 020): it must
 *   not pull the app in with it, or a page the server drew would fetch the app before it has painted;
 * - `react`, `zod`, `contract-entities`, `contract-forms`, `contract-auth`, `contract-api`: of what the
 *   app's main module imports, React, zod, the contract's entities, its forms, its sign-in and session
 *   schemas, and the API's calls: each a script of its own, so that the page can run them one task at a
 *   time (`src/boot.ts`) rather than all of the app's code in one long task while the screen is already
 *   showing (building the schemas is most of the contract's cost, and on a phone each of these is a few
 *   milliseconds at most);
 * - `app`: the rest of what the app's main module imports (the router, auth, the API client), and what
 *   both sign in and the signed-in app show (cards, inputs, titles), since both load the app anyway;
 * - `sign-in`, `signed-in`: the rest of each of those screens (the signed-in one with the mirror, the
 *   sync engine, the shell and the mentions pages), and `dexie`, the mirror's database library.
 *
 * Every other module (the other pages, dialogs, Clerk, Paddle) is split the bundler's own way and
 * loaded when it is needed. Returns `output.codeSplitting`'s groups.
 */
/** Which part of the app's own code a module is in (see `firstScreenChunks`). */
/** The contract's modules by script: the entities and what they are made of, the forms, the API's calls. */
const contractEntities = new Set(['entities', 'stored-text', 'web-link', 'calendar-date', 'messages']);
const contractForms = new Set(['forms', 'generation']);

function appPart(id: string): string {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/]zod[\\/]|zod-without-eval/.test(id)) return 'zod';
  const contract = /[\\/]contract[\\/]([\w-]+)\.ts$/.exec(id)?.[1];
  if (contract === undefined) return 'app';
  if (contract === 'auth') return 'contract-auth';
  // Building the entities' schemas costs as much as zod's own first run: a script of its own, so that
  // neither is a long task on a phone.
  if (contractEntities.has(contract)) return 'contract-entities';
  if (contractForms.has(contract)) return 'contract-forms';
  return 'contract-api';
}

/**
 * `build.modulePreload.resolveDependencies`: what a dynamic import of the app's code preloads beside the
 * chunk it asks for. The page's entry and the scripts of the app's main module (React, zod, the contract,
 * the app, the bundler's runtime) are always there before any of the app's code runs, so only the entry's
 * own import of the app lists them; every other import leaves them out, which spares each script that
 * imports on demand their names and the check of each at run time.
 */
export function preloadsOfDynamicImport(
  _chunk: string,
  deps: string[],
  { hostId }: { hostId: string },
): string[] {
  const alwaysLoaded = /^assets\/(react|zod|contract-[\w]+|app|boot|rolldown-runtime)-[\w-]+\.(js|css)$/;
  if (/^assets\/boot-[\w-]+\.js$/.test(hostId)) return deps;
  return deps.filter((dep) => !alwaysLoaded.test(dep));
}

export function firstScreenChunks(
  root: string,
  entries: { boot: string; app: string },
  screens: FirstScreens,
) {
  const resolve = (modules: readonly string[]) => modules.map((module) => path.resolve(root, module));
  let classes: Map<string, string> | null = null;
  const classify = (graph: ModuleGraph) => {
    const boot = staticClosure(graph, resolve([entries.boot]));
    const app = staticClosure(graph, resolve([entries.app]));
    const signedOut = staticClosure(graph, resolve(screens.signedOut));
    const signedIn = staticClosure(graph, resolve([...screens.signedIn, ...screens.mentions]));
    const result = new Map<string, string>();
    for (const id of new Set([...boot, ...app, ...signedOut, ...signedIn])) {
      if (boot.has(id)) result.set(id, 'boot');
      else if (app.has(id)) result.set(id, appPart(id));
      else if (signedOut.has(id) && signedIn.has(id)) result.set(id, 'app');
      else if (signedOut.has(id)) result.set(id, 'sign-in');
      // The mirror's database library: its setup is a task of its own, apart from the screens'.
      else if (/[\\/]node_modules[\\/]dexie[\\/]/.test(id)) result.set(id, 'dexie');
      else result.set(id, 'signed-in');
    }
    return result;
  };
  return [
    {
      name: (id: string, context: ModuleGraph) => {
        classes ??= classify(context);
        return classes.get(id) ?? null;
      },
      // Each module's chunk is decided above; a chunk must not take in another's modules as its own.
      includeDependenciesRecursively: false,
    },
  ];
}

/**
 * Writes `screen-preloads.json` beside the built app: for each first screen, the scripts it loads beyond
 * the entry's own. The server puts them in the page as `modulepreload` links, so the browser fetches them
 * with the entry instead of one `import()` after another.
 */
export function screenPreloads(screens: FirstScreens): Plugin {
  let root = process.cwd();
  return {
    name: 'replyradar:screen-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /**
       * A chunk's file and every file it imports statically, transitively, each after what it imports:
       * in that order the page's entry can run them one per task (`src/boot.ts`).
       */
      const withImports = (fileName: string, into: Set<string>, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName) || into.has(fileName)) return into;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into, seen);
        into.add(fileName);
        return into;
      };
      const entryFiles = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, entryFiles);

      const preloads: Record<string, string[]> = {};
      for (const [screen, modules] of Object.entries(screens) as [string, string[]][]) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
          if (!chunk) this.error(`screen "${screen}": no chunk holds ${module}`);
          withImports(chunk.fileName, files);
        }
        preloads[screen] = [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: screenPreloadsFile, source: JSON.stringify(preloads) });
    },
  };
}
