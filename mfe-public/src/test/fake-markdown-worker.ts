import { getProcessor } from 'cloudclip-bytemd-processor';
import { createWorkerHandler, type WorkerRequest, type WorkerResponse } from '../lib/markdown/markdown-worker-protocol';

type Listener = (event: { data?: unknown; message?: string; preventDefault(): void }) => void;

/**
 * A stand-in for the Markdown worker in jsdom: the real message handler behind an asynchronous
 * postMessage, rendering with the test pipeline (its own processor, not the page's cache).
 * `failAfter` makes it raise an error event after that many chunks, as a crashed worker would.
 */
export class FakeMarkdownWorker {
  readonly requests: WorkerRequest[] = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();
  private readonly handle: (request: WorkerRequest) => Promise<void>;
  private delivered = 0;

  constructor(private readonly options: { failAfter?: number } = {}) {
    const processor = getProcessor({ plugins: [] });
    this.handle = createWorkerHandler({
      render: (source) => String(processor.processSync(source)),
      post: (response) => this.emit(response),
      yieldToMessages: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    setTimeout(() => this.emit({ type: 'ready' }), 0);
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  postMessage(request: WorkerRequest): void {
    this.requests.push(request);
    setTimeout(() => void this.handle(request), 0);
  }

  /** Raises an error event, as a worker whose script fails does. */
  crash(): void {
    this.dispatch('error', { message: 'worker crashed', preventDefault: () => undefined });
  }

  terminate(): void {
    this.terminated = true;
  }

  private emit(response: WorkerResponse): void {
    if (this.terminated) return;
    if (response.type === 'chunk' && this.options.failAfter !== undefined && this.delivered >= this.options.failAfter) {
      this.crash();
      return;
    }
    if (response.type === 'chunk') this.delivered += 1;
    setTimeout(() => {
      if (!this.terminated) this.dispatch('message', { data: response, preventDefault: () => undefined });
    }, 0);
  }

  private dispatch(type: string, event: Parameters<Listener>[0]): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}
