import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScriptModules } from './contract/route-table.ts';
import {
  type FirstScreens,
  firstScreenChunks,
  preloadsOfDynamicImport,
  screenPreloads,
} from './scripts/vite-first-screens.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { buildSettingsFile, viteSettingsOf } from './server/build-settings.ts';

const apiPort = process.env.API_PORT ?? '8787';
const root = fileURLToPath(new URL('.', import.meta.url));

/** The screens a page load opens on, by the modules they show (decision 017): the route table says which. */
const firstScreens: FirstScreens = {
  signedOut: firstScriptModules('signedOut'),
  // The page's answers are kept by the signed-in app's script, which a signed-in page has loaded by then.
  signedIn: ['src/app/signed-in-app.tsx', 'src/first-screen/keep-page-answers.ts'],
  mentions: firstScriptModules('mentions'),
};

export const aliases = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@tests': fileURLToPath(new URL('./tests', import.meta.url)),
};

/** How the app's imports resolve, in the browser's build and in the server's render (vite.render.config.ts). */
export const appResolve = {
  alias: [
    ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
    // React has the hook the shim stands in for (see the module).
    {
      find: /^use-sync-external-store\/shim(\/index\.js)?$/,
      replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
    },
    // Lucide's icons are drawn by a few lines of the app's own instead of its general builder (see the module).
    {
      find: /^\.\.\/createLucideIcon\.mjs$/,
      replacement: fileURLToPath(new URL('./src/components/ui/lucide-icon.ts', import.meta.url)),
    },
    // The app parses without `new Function`, which the server's CSP refuses (see the module).
    {
      find: /^zod\/mini$/,
      replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
    },
  ],
};

/**
 * Records a fingerprint of each VITE_ setting the build used (never the value) beside the built app,
 * for `npm start` to compare with its environment (server/build-settings.ts).
 */
function recordViteSettings(): Plugin {
  let env: Record<string, string> = {};
  let outDir = '';
  return {
    name: 'record-vite-settings',
    apply: 'build',
    configResolved(config) {
      env = config.env;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const record = { vite: viteSettingsOf(env) };
      writeFileSync(path.resolve(outDir, '..', buildSettingsFile), `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}

export default defineConfig({
  resolve: appResolve,
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'ReplyRadar',
        short_name: 'ReplyRadar',
        description: 'Find the conversations where your product belongs and answer them well.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0f172a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      },
      devOptions: { enabled: false },
    }),
    // The scripts of the first screens, for the server to name in the page.
    screenPreloads(firstScreens),
    // Brotli and gzip copies of every text file, for the server to send as they are.
    precompress(),
    recordViteSettings(),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports preloads modules itself: the polyfill would be a script of its own,
    // run first on every page, for none of them.
    modulePreload: { polyfill: false, resolveDependencies: preloadsOfDynamicImport },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: firstScreenChunks(root, { boot: 'src/boot.ts', app: 'src/main.tsx' }, firstScreens),
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
