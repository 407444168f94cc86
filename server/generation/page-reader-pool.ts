import { availableParallelism } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { GenerationError } from './generation-error';
import type { PageReader, PageToRead, ReadPage } from './page-reader';
import type { PageTooComplexError } from './page-reader-limits';
import type { TextWorkInput, TextWorkName, TextWorkOutput } from './text-work';

/**
 * The text work a request would otherwise wait behind (`text-work.ts`): reading a product page, and what
 * the engine reads out of a product's text. It runs off the main thread (`PageReaderPool`).
 */
export interface TextWork extends PageReader {
  work<N extends TextWorkName>(name: N, input: TextWorkInput<N>): Promise<TextWorkOutput<N>>;
}

/** What the pool posts to a worker: one function of `textWork`, by name, and its argument. */
export interface WorkerTask {
  id: number;
  work: TextWorkName;
  input: unknown;
}

/** What a page reader worker posts: that it is ready, or the outcome of one task. */
export type WorkerAnswer =
  | { ready: true }
  | { id: number; done: unknown }
  | { id: number; refused: PageTooComplexError['reason'] }
  /** The engine refused the text, in words for the person (a GenerationError). */
  | { id: number; refusedText: { message: string; code: GenerationError['code']; field?: string } }
  | { id: number; failed: string };

export interface PageReaderPoolOptions {
  /** Longest a page may take to read, in milliseconds; past it the worker is ended and the read refused. */
  budgetMs: number;
  /**
   * Longest the rest of the text work may take (default 15 s): the text is bounded by the contract, so
   * this only stops a worker that went wrong; a new worker loads the engine's models first.
   */
  textBudgetMs?: number;
  /** Worker threads: two at most, fewer when the machine has fewer cores to spare. */
  workers?: number;
  /** Pages that may wait for a worker; more are refused as 'busy' rather than queued. */
  maxWaiting?: number;
  /** An idle worker ends after this long, and a new one starts with the next page. */
  idleMs?: number;
}

/** How long a page may take to read unless configured otherwise (`PAGE_READ_BUDGET_MS`). */
export const defaultPageReadBudgetMs = 3_000;

export const pageTooComplexMessage = 'This page is too complex to read. Write a description instead.';

const tooComplex = (cause?: Error) =>
  new GenerationError(pageTooComplexMessage, 'page_too_complex', 'url', cause ? { cause } : undefined);

interface Job {
  task: WorkerTask;
  /** The input the text came from: what a refusal names. */
  field: 'url' | 'description';
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

/** The work took longer than its budget: said of the field the text came from. */
const tooLongToRead = (field: 'url' | 'description') =>
  field === 'url'
    ? tooComplex()
    : new GenerationError(
        'This description took too long to read. Shorten it and try again.',
        'page_too_complex',
        'description',
      );

/** What failed in a worker without a reason for the person (a bug, not the text). */
const couldNotRead = (job: Job, failed: string) =>
  job.task.work === 'readPage'
    ? new GenerationError(
        'We could not read this page. Write a description instead.',
        'page_unreadable',
        'url',
        {
          cause: new Error(failed),
        },
      )
    : new GenerationError(
        'ReplyRadar could not read this text. Please try again.',
        'generation_failed',
        job.field,
        {
          cause: new Error(failed),
        },
      );

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

// The worker's code. Built, it is `page-reader-worker.js` beside the chunk this code lands in
// (vite.server.config.ts makes it an entry of its own). From TypeScript source (`npm run dev`, the tests)
// it is the .ts file beside this one, loaded through tsx's loader, which a worker thread does not inherit.
const fromSource = import.meta.url.endsWith('.ts');

function startWorker(options: WorkerOptions): Worker {
  if (!fromSource) return new Worker(new URL('./page-reader-worker.js', import.meta.url), options);
  const entry = new URL('./page-reader-worker.ts', import.meta.url).href;
  const loader = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(loader)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(code, { ...options, eval: true });
}

/**
 * Does the text work of `text-work.ts` (reading pages, reading a product's text) on worker threads, so
 * text that takes long to read never holds up the requests being answered: a small pool of reused workers, each task within a time budget;
 * a worker past it is ended and replaced, and the page refused as too complex.
 */
export class PageReaderPool implements TextWork {
  private readonly slots: Array<Slot | null>;
  private readonly waiting: Job[] = [];
  private readonly budgetMs: number;
  private readonly textBudgetMs: number;
  private readonly maxWaiting: number;
  private readonly idleMs: number;
  private nextId = 1;

  constructor(options: PageReaderPoolOptions) {
    this.budgetMs = options.budgetMs;
    this.textBudgetMs = options.textBudgetMs ?? 15_000;
    this.maxWaiting = options.maxWaiting ?? 16;
    this.idleMs = options.idleMs ?? 60_000;
    const workers = options.workers ?? Math.max(1, Math.min(2, availableParallelism() - 1));
    this.slots = Array.from({ length: workers }, () => null);
  }

  read(page: PageToRead): Promise<ReadPage> {
    return this.work('readPage', page);
  }

  work<N extends TextWorkName>(name: N, input: TextWorkInput<N>): Promise<TextWorkOutput<N>> {
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new GenerationError(
          'ReplyRadar is reading many pages right now. Please try again in a minute.',
          'busy',
        ),
      );
    }
    const fromPage =
      name === 'readPage' || name === 'describePage' || Boolean((input as { page?: unknown }).page);
    return new Promise<TextWorkOutput<N>>((resolve, reject) => {
      this.waiting.push({
        task: { id: this.nextId++, work: name, input },
        field: fromPage ? 'url' : 'description',
        resolve: resolve as (value: never) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /** Ends every worker; pages being read or waiting are refused. */
  async close(): Promise<void> {
    const closing = new Error('The page reader was closed');
    for (const job of this.waiting.splice(0)) job.reject(closing);
    await Promise.all(
      this.slots.map((slot, index) => {
        if (!slot) return undefined;
        this.slots[index] = null;
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(closing);
        return slot.worker.terminate();
      }),
    );
  }

  /** Hands waiting pages to idle, ready workers, and starts workers for the pages still waiting. */
  private dispatch(): void {
    for (const [index, slot] of this.slots.entries()) {
      if (!slot?.ready || slot.job) continue;
      const job = this.waiting.shift();
      if (!job) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = job;
      const budget = job.task.work === 'readPage' ? this.budgetMs : this.textBudgetMs;
      slot.timer = setTimeout(() => this.overBudget(index, slot), budget);
      slot.worker.postMessage(job.task);
    }
    let unstarted = this.waiting.length - this.slots.filter((slot) => slot && !slot.ready).length;
    for (const [index, slot] of this.slots.entries()) {
      if (unstarted <= 0) return;
      if (slot) continue;
      this.start(index);
      unstarted -= 1;
    }
  }

  private start(index: number): Slot {
    // A page that would take more memory than this ends its worker rather than the server.
    const worker = startWorker({ resourceLimits: { maxOldGenerationSizeMb: 256 } });
    // An idle worker does not keep the process alive; a page being read does, through its budget's timer.
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    this.slots[index] = slot;
    worker.on('message', (answer: WorkerAnswer) => this.answered(index, slot, answer));
    worker.on('error', (error) => this.lost(index, slot, error));
    worker.on('exit', (code) => this.lost(index, slot, new Error(`page reader worker exited (${code})`)));
    return slot;
  }

  private answered(index: number, slot: Slot, answer: WorkerAnswer): void {
    if (this.slots[index] !== slot) return;
    if ('ready' in answer) {
      slot.ready = true;
    } else {
      const job = slot.job;
      if (!job || job.task.id !== answer.id) return;
      slot.job = null;
      if (slot.timer) clearTimeout(slot.timer);
      if ('done' in answer) job.resolve(answer.done as never);
      else if ('refused' in answer) job.reject(tooLongToRead(job.field));
      else if ('refusedText' in answer) {
        const { message, code, field } = answer.refusedText;
        job.reject(new GenerationError(message, code, field));
      } else job.reject(couldNotRead(job, answer.failed));
    }
    slot.timer = slot.job ? slot.timer : setTimeout(() => this.retire(index, slot), this.idleMs).unref();
    this.dispatch();
  }

  /** The page took longer than its budget: the worker is ended mid-read and the next page gets a new one. */
  private overBudget(index: number, slot: Slot): void {
    if (this.slots[index] !== slot) return;
    const job = slot.job;
    this.slots[index] = null;
    void slot.worker.terminate();
    job?.reject(job.task.work === 'readPage' ? tooComplex() : tooLongToRead(job.field));
    this.dispatch();
  }

  /**
   * The worker stopped on its own: out of memory on its page (refused as too complex, and the next page
   * gets a new worker), or before it was ready (every waiting page is refused: starting again would fail
   * the same way).
   */
  private lost(index: number, slot: Slot, error: Error): void {
    if (this.slots[index] !== slot) return;
    this.slots[index] = null;
    if (slot.timer) clearTimeout(slot.timer);
    void slot.worker.terminate();
    if (!slot.ready) {
      for (const job of this.waiting.splice(0)) job.reject(error);
      return;
    }
    const job = slot.job;
    job?.reject(job.task.work === 'readPage' ? tooComplex(error) : tooLongToRead(job.field));
    this.dispatch();
  }

  private retire(index: number, slot: Slot): void {
    if (this.slots[index] !== slot || slot.job) return;
    this.slots[index] = null;
    void slot.worker.terminate();
  }
}

let shared: PageReaderPool | null = null;

/** The pool a drafter reads pages with when it is given none: the default budget, started on first use. */
export function sharedPageReader(): PageReaderPool {
  shared ??= new PageReaderPool({ budgetMs: defaultPageReadBudgetMs });
  return shared;
}
