// A worker thread of the page reader pool (`page-reader-pool.ts`): reads product pages and product texts
// (`text-work.ts`), one task at a time, so the pool can end it when a task takes longer than its budget.
import { parentPort } from 'node:worker_threads';
import { GenerationError } from './generation-error';
import { PageTooComplexError } from './page-reader-limits';
import type { WorkerAnswer, WorkerTask } from './page-reader-pool';
import { textWork } from './text-work';

if (!parentPort) throw new Error('page-reader-worker runs as a worker thread of the page reader pool');
const pool = parentPort;

function perform({ id, work, input }: WorkerTask): WorkerAnswer {
  const run = textWork[work] as (input: unknown) => unknown;
  return { id, done: run(input) };
}

pool.on('message', (task: WorkerTask) => {
  let answer: WorkerAnswer;
  try {
    answer = perform(task);
  } catch (error) {
    answer =
      error instanceof PageTooComplexError
        ? { id: task.id, refused: error.reason }
        : error instanceof GenerationError
          ? {
              id: task.id,
              refusedText: {
                message: error.message,
                code: error.code,
                ...(error.field ? { field: error.field } : {}),
              },
            }
          : { id: task.id, failed: error instanceof Error ? error.message : String(error) };
  }
  pool.postMessage(answer);
});
// Loaded and listening: the pool starts a task's budget from here, not from the thread's start-up.
pool.postMessage({ ready: true } satisfies WorkerAnswer);
