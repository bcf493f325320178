/**
 * Starts the Markdown worker: `markdown-worker.js`, built next to this remote's remoteEntry.js by
 * the second compilation of webpack.config.js, loaded from the remote's own public path (the
 * folder its remoteEntry.js came from) wherever the host serves the remote.
 *
 * A worker script must come from the page's origin. When the remote is served from another origin
 * (a CDN), the worker starts from a same-origin `blob:` script that imports the file (the
 * gateway's CSP allows `worker-src blob:`, and its `script-src` names the remotes' origins).
 */
declare const __webpack_public_path__: string;

const WORKER_NAME = 'cloudclip-markdown';

/** The worker script's address under the remote's public path. */
export function markdownWorkerUrl(): URL {
  const file = process.env.CLOUDCLIP_MARKDOWN_WORKER ?? 'markdown-worker.js';
  return new URL(file, new URL(__webpack_public_path__, document.baseURI));
}

/** A new Markdown worker, or null where the browser has no workers. */
export function spawnMarkdownWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  const url = markdownWorkerUrl();
  if (url.origin === window.location.origin) return new Worker(url, { name: WORKER_NAME });
  const bootstrap = URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(url.href)});`], { type: 'text/javascript' }));
  const worker = new Worker(bootstrap, { name: WORKER_NAME });
  const revoke = () => URL.revokeObjectURL(bootstrap);
  worker.addEventListener('message', revoke, { once: true });
  worker.addEventListener('error', revoke, { once: true });
  return worker;
}
