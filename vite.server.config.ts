import { cpSync } from 'node:fs';
import { defineConfig } from 'vite';
import { aliases } from './vite.config.ts';

/**
 * Builds the API server into dist/server; dependencies stay in node_modules. Four entries share their
 * chunks: the web server (`main.js`), the jobs worker (`worker.js`, `npm run worker`), the one-off
 * discovery pass (`discover.js`, `npm run discover`) and the page reader's worker thread
 * (`page-reader-worker.js`). The engine's trained models (`server/engine/models`, read from the
 * folder beside the code that loads them) are copied to `dist/models`, beside `dist/server`.
 */
export default defineConfig({
  resolve: { alias: aliases },
  publicDir: false,
  build: {
    ssr: true,
    rolldownOptions: {
      input: {
        main: 'server/main.ts',
        worker: 'server/worker-main.ts',
        discover: 'server/discover-main.ts',
        // The page reader pool's worker threads run it from beside the chunk that starts them.
        'page-reader-worker': 'server/generation/page-reader-worker.ts',
      },
      // Shared chunks beside the entries, so `server/db/client` finds the migrations from dist/server.
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
  ssr: { target: 'node' },
  plugins: [
    {
      name: 'copy-engine-models',
      closeBundle() {
        cpSync('server/engine/models', 'dist/models', { recursive: true });
      },
    },
  ],
});
