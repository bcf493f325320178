/**
 * The page's side of the Markdown worker: one worker per page, started on first use, that renders
 * chunks of large documents while the main thread stays free for scrolling and input.
 *
 * `renderChunks` hands out the HTML of the chunks in the order they were asked for. Until the
 * worker has started (its script loaded and compiled) the chunks are rendered on the main thread,
 * from the front, and the worker gets what is left once it says it is ready: a document just above
 * the chunk threshold does not wait for the worker's start. When there is no worker (no Worker in
 * this environment, the script did not load, the CSP refused it) or the worker fails midway, the
 * chunks it has not delivered are rendered on the main thread too, one per `next()`, so nothing is
 * lost and the caller's time slicing still applies.
 */
import { cacheHtml, markdownToHtml } from './markdown-processor';
import type { ChunkToRender, WorkerRequest, WorkerResponse } from './markdown-worker-protocol';
import { spawnMarkdownWorker } from './markdown-worker-spawn';

export type { ChunkToRender };

export interface ChunkStream {
  /** Whether the next chunk's HTML is at hand (`next()` will not wait for the worker). */
  hasNext(): boolean;
  /** The HTML of the next chunk, in the order of the request. */
  next(): Promise<string>;
  /** Stops the job (the view went away or the document changed). */
  cancel(): void;
}

interface Job {
  deliver(index: number, html: string): void;
  /** The worker cannot finish: the rest is rendered on the main thread. */
  fail(): void;
}

/** undefined: not started yet; null: unavailable (rendering stays on the main thread). */
let worker: Worker | null | undefined;
/** The worker said it is ready: its script is loaded and runs. */
let ready = false;
/** Called once the worker is ready (true) or has failed before that (false). */
const readyListeners = new Set<(started: boolean) => void>();

function notifyStart(started: boolean): void {
  const listeners = [...readyListeners];
  readyListeners.clear();
  listeners.forEach((listener) => listener(started));
}
const jobs = new Map<number, Job>();
let lastJob = 0;

function failAll(reason: unknown): void {
  console.error('[cloudclip_public] Markdown worker failed; rendering on the main thread', reason);
  worker?.terminate();
  worker = null;
  ready = false;
  notifyStart(false);
  const failed = [...jobs.values()];
  jobs.clear();
  failed.forEach((job) => job.fail());
}

function getWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = spawnMarkdownWorker();
  } catch (error) {
    console.error('[cloudclip_public] Markdown worker could not start', error);
    worker = null;
  }
  if (!worker) return null;
  worker.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
    const message = event.data;
    if (message.type === 'ready') {
      ready = true;
      notifyStart(true);
      return;
    }
    const job = jobs.get(message.job);
    if (!job) return;
    if (message.type === 'chunk') job.deliver(message.index, message.html);
    else if (message.type === 'done') jobs.delete(message.job);
    else {
      jobs.delete(message.job);
      console.error('[cloudclip_public] Markdown worker could not render a chunk', message.message);
      job.fail();
    }
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    failAll(event.message || 'worker error');
  });
  worker.addEventListener('messageerror', (event) => failAll(event));
  return worker;
}

function post(request: WorkerRequest): boolean {
  try {
    worker?.postMessage(request);
    return !!worker;
  } catch (error) {
    failAll(error);
    return false;
  }
}

/** Whether the worker is started and running (asking it costs no start-up). */
export function workerRunning(): boolean {
  return !!worker && ready;
}

/** Whether large documents can be rendered off the main thread here (starts the worker). */
export function workerAvailable(): boolean {
  return getWorker() !== null;
}

/** Resolves once the worker runs (true), or false when rendering stays on the main thread. */
export function whenWorkerReady(): Promise<boolean> {
  if (!getWorker()) return Promise.resolve(false);
  if (ready) return Promise.resolve(true);
  return new Promise((resolve) => readyListeners.add(resolve));
}

/** Renders chunks in the Markdown worker (or on the main thread, see above), handed out in order. */
export function renderChunks(chunks: ChunkToRender[]): ChunkStream {
  const results = new Map<number, string>();
  let position = 0;
  /** Chunks are rendered here: no worker, it failed, or it has not started yet (`starting`). */
  let onMainThread = getWorker() === null;
  const starting = !onMainThread && !ready;
  let posted = false;
  let finished = false;
  let waiting: ((html: string) => void) | null = null;
  const job = (lastJob += 1);

  let cancelStart = () => {};
  const onMain = (chunk: ChunkToRender) => markdownToHtml(chunk.source);
  const take = (): string | undefined => {
    const chunk = chunks[position];
    if (!chunk) return undefined;
    const html = results.get(chunk.index) ?? (onMainThread ? onMain(chunk) : undefined);
    if (html === undefined) return undefined;
    results.delete(chunk.index);
    position += 1;
    return html;
  };
  const wake = () => {
    if (!waiting) return;
    const html = take();
    if (html === undefined) return;
    const resolve = waiting;
    waiting = null;
    resolve(html);
  };

  if (!onMainThread) {
    const sources = new Map(chunks.map((chunk) => [chunk.index, chunk.source]));
    jobs.set(job, {
      deliver(index, html) {
        const source = sources.get(index);
        if (source === undefined || finished) return;
        cacheHtml(source, html);
        results.set(index, html);
        wake();
      },
      fail() {
        onMainThread = true;
        wake();
      },
    });
    // Once the worker runs, it gets the chunks not rendered here yet (a failure calls `fail` above).
    const hand = (started: boolean) => {
      if (finished || !started) return;
      const rest = chunks.slice(position);
      if (!rest.length) {
        jobs.delete(job);
        return;
      }
      posted = true;
      if (post({ type: 'render', job, chunks: rest })) onMainThread = false;
      else onMainThread = true;
    };
    if (starting) {
      onMainThread = true;
      readyListeners.add(hand);
      cancelStart = () => readyListeners.delete(hand);
    } else {
      hand(true);
    }
  }

  return {
    hasNext: () => {
      const chunk = chunks[position];
      return !!chunk && (onMainThread || results.has(chunk.index));
    },
    next: () => {
      if (position >= chunks.length) return Promise.reject(new Error('no more chunks'));
      const html = take();
      if (html !== undefined) return Promise.resolve(html);
      return new Promise<string>((resolve) => {
        waiting = resolve;
      });
    },
    cancel: () => {
      if (finished) return;
      finished = true;
      waiting = null;
      cancelStart();
      if (jobs.delete(job) && posted) post({ type: 'cancel', job });
    },
  };
}

/** For tests: forget the worker so the next render starts a new one. */
export function resetMarkdownWorker(): void {
  worker?.terminate();
  worker = undefined;
  ready = false;
  readyListeners.clear();
  jobs.clear();
}
