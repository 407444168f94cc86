// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as zod from 'zod/mini';
import { z as appZ } from './zod-without-eval';

/** Every source file of the app's build: what the browser and the server's render run. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("the app's zod", () => {
  it('has every zod function the app and the contract call', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles('src'), ...sourceFiles('contract')]) {
      // `z.name(`: a call. Types (`z.infer<…>`, `z.ZodMiniType`) are not looked up at run time.
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/\bz\.([a-z_$][\w$]*)(?!\s*<)/g)) {
        if (name && typeof (zod.z as Record<string, unknown>)[name] === 'function') used.add(name);
        if (name === 'iso') used.add(name);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((name) => !(name in appZ));
    expect(missing).toEqual([]);
  });

  it('parses as zod does', () => {
    const schema = appZ.object({ name: appZ.string().check(appZ.minLength(2)), day: appZ.iso.date() });
    expect(schema.safeParse({ name: 'Al', day: '2026-11-25' }).success).toBe(true);
    expect(schema.safeParse({ name: 'A', day: '2026-11-25' }).success).toBe(false);
  });
});
