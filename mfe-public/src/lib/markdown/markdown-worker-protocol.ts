/**
 * The messages between the page and the Markdown worker, and the worker's side of them.
 *
 * The page sends a job: chunks of one document (their index in the document and their source).
 * The worker renders them one after the other with the page's own pipeline (`markdownToHtml`:
 * bytemd's processor, same plugins, same sanitize schema) and posts each chunk's HTML as soon as it
 * is ready, in the order the job listed them, then `done`. Jobs are served first come, first
 * served; a cancelled job stops at the next chunk.
 */

export interface ChunkToRender {
  /** Position of the chunk in the document. */
  index: number;
  source: string;
}

export type WorkerRequest = { type: 'render'; job: number; chunks: ChunkToRender[] } | { type: 'cancel'; job: number };

export type WorkerResponse =
  | { type: 'ready' }
  | { type: 'chunk'; job: number; index: number; html: string }
  | { type: 'done'; job: number }
  | { type: 'failed'; job: number; message: string };

export interface WorkerHandlerOptions {
  /** Sanitized HTML of one chunk. */
  render: (source: string) => string;
  post: (response: WorkerResponse) => void;
  /** Lets the worker receive messages (a cancel, the next job) between chunks. */
  yieldToMessages?: () => Promise<void>;
  /** Work between two yields (ms). */
  sliceMs?: number;
}

const defaultYield = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The worker's message handler: queues jobs and renders them in order. */
export function createWorkerHandler({ render, post, yieldToMessages = defaultYield, sliceMs = 50 }: WorkerHandlerOptions) {
  const queue: Array<{ job: number; chunks: ChunkToRender[] }> = [];
  let current: number | null = null;
  let currentCancelled = false;
  let running = false;

  const drain = async () => {
    running = true;
    let sliceStart = performance.now();
    while (queue.length) {
      const { job, chunks } = queue.shift()!;
      current = job;
      currentCancelled = false;
      let failed = false;
      for (const chunk of chunks) {
        if (currentCancelled) break;
        try {
          post({ type: 'chunk', job, index: chunk.index, html: render(chunk.source) });
        } catch (error) {
          post({ type: 'failed', job, message: error instanceof Error ? error.message : String(error) });
          failed = true;
          break;
        }
        if (performance.now() - sliceStart > sliceMs) {
          await yieldToMessages();
          sliceStart = performance.now();
        }
      }
      if (!failed && !currentCancelled) post({ type: 'done', job });
    }
    current = null;
    running = false;
  };

  return (request: WorkerRequest): Promise<void> => {
    if (request.type === 'cancel') {
      const waiting = queue.findIndex((item) => item.job === request.job);
      if (waiting >= 0) queue.splice(waiting, 1);
      else if (current === request.job) currentCancelled = true;
      return Promise.resolve();
    }
    queue.push({ job: request.job, chunks: request.chunks });
    return running ? Promise.resolve() : drain();
  };
}
