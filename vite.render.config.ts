import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appResolve } from './vite.config.ts';

/**
 * Builds the app's first-screen renderer into dist/render (decision 020): `src/app/render-screen.tsx` for
 * Node, with the same aliases and configuration as the app itself, so that the server's HTML is the app's
 * own first render. Dependencies (React, the router, SWR) stay in node_modules. The server loads it at
 * start; it never imports the app's sources.
 */
export default defineConfig({
  resolve: appResolve,
  plugins: [react()],
  publicDir: false,
  build: {
    ssr: 'src/app/render-screen.tsx',
    outDir: 'dist/render',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    // One file: the lazily loaded screens are all wanted on the server, at once.
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: '[name].js' } },
  },
  ssr: { target: 'node' },
});
