import { defineConfig } from 'vite';
import { aliases } from './vite.config.ts';

/** Builds the API server into dist/server; dependencies stay in node_modules. */
export default defineConfig({
  resolve: { alias: aliases },
  publicDir: false,
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
  },
  ssr: { target: 'node' },
});
