// The app's `zod`: vite.config.ts points every `import … from 'zod'` of the client build here.
import { config } from 'zod/v4';

/*
 * zod compiles object parsers with `new Function` when it can, and probes for that as the first object
 * schema is made. The server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses
 * the probe, which Chromium reports as a CSP issue on every page (Lighthouse's best practices). Parse
 * without compiling instead. Being the module every schema imports, this runs before any schema is made.
 */
config({ jitless: true });

export * from 'zod/v4';
