// The audit's second build: the same app with a marker in its shell, so the precache manifest, and with
// it the service worker, differ from the first build's. Written to AUDIT_OUT_DIR, never to dist/.
import { mergeConfig, type Plugin } from 'vite';
import baseConfig from '../../vite.config.ts';

const outDir = process.env.AUDIT_OUT_DIR;
const buildId = process.env.AUDIT_BUILD_ID ?? 'update';
if (!outDir) throw new Error('AUDIT_OUT_DIR must name the folder the second build goes to');

const markShell: Plugin = {
  name: 'audit-mark-shell',
  transformIndexHtml: (html) =>
    html.replace('</head>', `<meta name="replyradar-build" content="${buildId}" /></head>`),
};

export default mergeConfig(baseConfig, {
  plugins: [markShell],
  build: { outDir, emptyOutDir: true },
});
