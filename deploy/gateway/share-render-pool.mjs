// The server renderer (a remote's server/share-render.cjs) runs in worker threads, not on the
// gateway's own thread: rendering a paste's Markdown is CPU work (hundreds of milliseconds for a
// long document on a busy machine), and on the gateway's thread it would hold up every other
// request it serves (assets, the /api proxy) for that long. A page waits for its rendering at most
// a given time (share-prerender.mjs) and goes without it when later; a rendering still running after
// `hardLimitMs` ends its worker, which is replaced.
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/** The worker: loads a renderer file once and answers `{ id, result }` or `{ id, error }` per job. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const loaded = new Map();
parentPort.on('message', async ({ id, file, input }) => {
  try {
    if (!loaded.has(file)) {
      // A renderer's first page would pay for compiling its pipeline: it warms up once when loaded.
      const renderer = require(file);
      if (typeof renderer.warmUp === 'function') await renderer.warmUp().catch(() => undefined);
      loaded.set(file, renderer);
    }
    const output = await loaded.get(file).renderShare(input);
    const slots = output && output.slots && typeof output.slots === 'object' ? output.slots : undefined;
    const result =
      output && typeof output.html === 'string' && output.html
        ? { html: output.html, complete: output.complete !== false, ...(slots ? { slots } : {}) }
        : null;
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});`;

/** How many jobs may wait for a worker; more are refused (the page goes without rendering). */
const QUEUE_LIMIT = 64;

/**
 * @param {{ size?: number, hardLimitMs?: number }} [options]
 *   `size`: worker threads (default: one per core but one, at least one, at most 4)
 */
export function createRenderPool({
  size = Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) - 1)),
  hardLimitMs = 10_000,
} = {}) {
  /** @type {Array<{ worker: Worker | null, job: any }>} */
  const slots = Array.from({ length: size }, () => ({ worker: null, job: null }));
  /** @type {any[]} */
  const queue = [];
  let nextId = 1;
  let closed = false;

  function spawn(slot) {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref();
    // A retired worker's late events are not about the slot's present job.
    const current = () => slot.worker === worker;
    worker.on('message', ({ id, result, error }) => {
      const job = slot.job;
      if (!current() || !job || job.id !== id) return;
      finish(slot, job, error ? new Error(error) : null, result ?? null);
    });
    worker.on('error', (error) => current() && retire(slot, error));
    worker.on('exit', () => current() && retire(slot, new Error('the renderer worker stopped')));
    slot.worker = worker;
    return worker;
  }

  /** A worker that failed or overran: its job fails, the slot gets a new worker at its next job. */
  function retire(slot, error) {
    const { worker, job } = slot;
    slot.worker = null;
    if (worker) worker.terminate().catch(() => {});
    if (job) finish(slot, job, error, null);
  }

  function finish(slot, job, error, result) {
    clearTimeout(job.timer);
    slot.job = null;
    if (error) job.reject(error);
    else job.resolve(result);
    pump();
  }

  function pump() {
    for (const slot of slots) {
      if (closed || slot.job || queue.length === 0) continue;
      const job = queue.shift();
      slot.job = job;
      const worker = slot.worker ?? spawn(slot);
      job.timer = setTimeout(() => retire(slot, new Error(`the renderer ran over ${hardLimitMs} ms`)), hardLimitMs);
      job.timer.unref();
      worker.postMessage({ id: job.id, file: job.file, input: job.input });
    }
  }

  /**
   * Renders `input` with the renderer at `file` (an absolute path) in a worker.
   * @returns {Promise<{ html: string, complete: boolean, slots?: Record<string, string> } | null>} rejects when the renderer throws or overruns
   */
  function run(file, input) {
    if (closed) return Promise.reject(new Error('the render pool is closed'));
    if (queue.length >= QUEUE_LIMIT) return Promise.reject(Object.assign(new Error('the renderers are busy'), { busy: true }));
    return new Promise((resolve, reject) => {
      queue.push({ id: nextId++, file, input, resolve, reject, timer: null });
      pump();
    });
  }

  async function close() {
    closed = true;
    for (const job of queue.splice(0)) job.reject(new Error('the render pool is closed'));
    await Promise.all(
      slots.map(async (slot) => {
        const worker = slot.worker;
        slot.worker = null;
        if (slot.job) finish(slot, slot.job, new Error('the render pool is closed'), null);
        if (worker) await worker.terminate().catch(() => {});
      }),
    );
  }

  return { run, close, size };
}
