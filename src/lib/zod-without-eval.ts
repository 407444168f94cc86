// The app's `zod/mini`: vite.config.ts points every `import … from 'zod/mini'` of the client build here.
import { config } from 'zod/v4/core';
import {
  _default,
  array,
  boolean,
  email,
  enum as enumOf,
  extend,
  gte,
  int,
  iso,
  length,
  literal,
  lte,
  maxLength,
  minLength,
  nonnegative,
  nullable,
  null as nullOf,
  number,
  object,
  optional,
  overwrite,
  partial,
  pipe,
  positive,
  record,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  unknown,
  url,
} from 'zod/v4/mini';

/*
 * Classic zod compiles object parsers with `new Function` when it can, and probes for that as the first
 * object schema is made. The server's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval')
 * refuses the probe, which Chromium reports as a CSP issue on every page (Lighthouse's best practices).
 * zod/mini's objects never compile, but the setting is global: should a classic schema or `zod/compile`
 * ever reach the app, it still parses without compiling. Being the module every schema imports, this
 * runs before any schema is made.
 */
config({ jitless: true });

/*
 * The `z` the app's code uses, made of the functions it calls and nothing else. zod's own `z` is a
 * namespace of all of zod, every language's error messages included (80 KB gzipped, a third of the
 * page's script), and the bundler keeps all of it once the namespace is used. A function the app starts
 * using is added here (its types come from zod itself, so a missing one fails in the tests, not in tsc).
 */
export const z = {
  _default,
  array,
  boolean,
  email,
  enum: enumOf,
  extend,
  gte,
  int,
  iso,
  length,
  literal,
  lte,
  maxLength,
  minLength,
  nonnegative,
  null: nullOf,
  nullable,
  number,
  object,
  optional,
  overwrite,
  partial,
  pipe,
  positive,
  record,
  refine,
  regex,
  string,
  superRefine,
  toLowerCase,
  transform,
  trim,
  unknown,
  url,
};
