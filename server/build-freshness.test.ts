import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildState } from '../scripts/build-freshness.mjs';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A checkout with one source file and, when asked, a build, each written at the given second. */
function checkout(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'replyradar-freshness-'));
  roots.push(root);
  for (const [file, second] of Object.entries(files)) {
    const at = path.join(root, file);
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, '');
    utimesSync(at, second, second);
  }
  return root;
}

const build = (second: number) => ({
  'dist/client/index.html': second,
  'dist/client/sw.js': second,
  'dist/server/main.js': second,
});

describe('whether npm start may serve the build as it is', () => {
  it('builds when there is no build, or part of one', () => {
    expect(buildState(checkout({ 'src/main.tsx': 1_000 }))).toBe('missing');
    expect(buildState(checkout({ 'src/main.tsx': 1_000, 'dist/server/main.js': 2_000 }))).toBe('missing');
  });

  it('serves a build made after every source', () => {
    expect(buildState(checkout({ 'src/main.tsx': 1_000, 'server/app.ts': 1_500, ...build(2_000) }))).toBe(
      'fresh',
    );
  });

  it('builds again when a source, the lock file or a build config changed after the build (a git pull)', () => {
    for (const changed of [
      'server/routes/posts.ts',
      'contract/api.ts',
      'package-lock.json',
      'vite.config.ts',
    ])
      expect(buildState(checkout({ 'src/main.tsx': 1_000, ...build(2_000), [changed]: 3_000 }))).toBe(
        'stale',
      );
  });

  it('does not build again for a test beside the code', () => {
    expect(
      buildState(checkout({ 'src/main.tsx': 1_000, ...build(2_000), 'server/app.test.ts': 3_000 })),
    ).toBe('fresh');
  });
});
