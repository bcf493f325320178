/**
 * The Markdown worker: renders chunks of large documents off the main thread with the page's own
 * pipeline (see markdown-worker-protocol.ts). Loaded on demand as a chunk of its own, only by a
 * view that renders a chunked document.
 */
import { markdownToHtml } from './markdown-processor';
import { createWorkerHandler, type WorkerRequest, type WorkerResponse } from './markdown-worker-protocol';

/** The part of the dedicated worker's global scope used here (the DOM lib's `self` is a Window). */
interface WorkerScope {
  postMessage(message: WorkerResponse): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = createWorkerHandler({ render: markdownToHtml, post: (message) => scope.postMessage(message) });
scope.onmessage = (event) => {
  void handle(event.data);
};
scope.postMessage({ type: 'ready' });
