// The app's `zod/mini`: vite.config.ts points every `import … from 'zod/mini'` of the client build here.
import { config } from 'zod/v4/core';
import * as mini from 'zod/v4/mini';

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
 * The `z` the app's code uses, made of the functions it calls and nothing else (each named once, read
 * off zod's namespace by name, which the bundler resolves at build time). zod's own `z` is a
 * namespace of all of zod, every language's error messages included (80 KB gzipped, a third of the
 * page's script), and the bundler keeps all of it once the namespace is used. A function the app starts
 * using is added here (its types come from zod itself, so a missing one fails in the tests, not in tsc).
 */
export const z = {
  _default: mini._default,
  array: mini.array,
  boolean: mini.boolean,
  email: mini.email,
  enum: mini.enum,
  extend: mini.extend,
  gte: mini.gte,
  int: mini.int,
  iso: mini.iso,
  length: mini.length,
  literal: mini.literal,
  lte: mini.lte,
  maxLength: mini.maxLength,
  minLength: mini.minLength,
  nonnegative: mini.nonnegative,
  null: mini.null,
  nullable: mini.nullable,
  number: mini.number,
  object: mini.object,
  optional: mini.optional,
  overwrite: mini.overwrite,
  partial: mini.partial,
  pipe: mini.pipe,
  positive: mini.positive,
  record: mini.record,
  refine: mini.refine,
  regex: mini.regex,
  string: mini.string,
  superRefine: mini.superRefine,
  toLowerCase: mini.toLowerCase,
  transform: mini.transform,
  trim: mini.trim,
  unknown: mini.unknown,
  url: mini.url,
};
