import { cleanup } from '@testing-library/react';
import { MirrorDb } from '@/db/mirror';

const opened: MirrorDb[] = [];

/** A fresh, empty mirror database of its own, closed again by `closeTestMirrors`. */
export function openTestMirror(label = 'test'): MirrorDb {
  const db = new MirrorDb(`${label}-${crypto.randomUUID()}`);
  opened.push(db);
  return db;
}

/** Unmounts what was rendered, lets live queries settle, then closes every mirror the test opened. */
export async function closeTestMirrors(): Promise<void> {
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (const db of opened.splice(0)) db.close();
}
