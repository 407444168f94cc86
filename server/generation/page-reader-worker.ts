// A worker thread that reads product pages for the page reader pool (`page-reader-pool.ts`): one page at
// a time, so the pool can end it when a page takes longer than its budget.
import { parentPort } from 'node:worker_threads';
import { type PageToRead, readPage } from './page-reader';
import { PageTooComplexError } from './page-reader-limits';
import type { WorkerAnswer } from './page-reader-pool';

if (!parentPort) throw new Error('page-reader-worker runs as a worker thread of the page reader pool');
const pool = parentPort;

pool.on('message', ({ id, page }: { id: number; page: PageToRead }) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, read: readPage(page) };
  } catch (error) {
    answer =
      error instanceof PageTooComplexError
        ? { id, refused: error.reason }
        : { id, failed: error instanceof Error ? error.message : String(error) };
  }
  pool.postMessage(answer);
});
// Loaded and listening: the pool starts a page's budget from here, not from the thread's start-up.
pool.postMessage({ ready: true } satisfies WorkerAnswer);
