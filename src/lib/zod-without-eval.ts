// The app's `zod/mini`: vite.config.ts points every `import … from 'zod/mini'` of the client build here.
import { config } from 'zod/v4/core';

/*
 * Classic zod compiles object parsers with `new Function` when it can, and probes for that as the first
 * object schema is made. The server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * refuses the probe, which Chromium reports as a CSP issue on every page (Lighthouse's best practices).
 * zod/mini's objects never compile, but the setting is global: should a classic schema or `zod/compile`
 * ever reach the app, it still parses without compiling. Being the module every schema imports, this
 * runs before any schema is made.
 */
config({ jitless: true });

// `zod/v4/mini` is `zod/mini` under a name the alias does not catch.
export * from 'zod/v4/mini';
