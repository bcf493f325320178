// Cloudclip's service worker (/sw.js, scope /), built by the host's webpack on its own, without
// Module Federation. It keeps the pinned releases for offline use by the versions the gateway lists
// in /app-cache.json, answers page loads with the offline shell when the network fails, and takes
// the share sheet's POST into the share inbox. What it does with each request: cache-rules.ts.
import { createWorker, STATUS_MESSAGE, type StatusReply } from './worker';

declare const self: ServiceWorkerGlobalScope;

const worker = createWorker({
  origin: self.location.origin,
  caches: self.caches,
  fetch: (input, init) => self.fetch(input, init),
  subtle: self.crypto?.subtle,
  windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  language: () => self.navigator.language,
});

self.addEventListener('install', () => {
  // A new worker takes over at once: the pinned set it serves is read from the gateway, not baked in.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
  // Not awaited by the activation: fetch events wait for it, and pages must not wait for a precache.
  void worker.precache();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (worker.decide(request).kind === 'bypass') return;
  event.respondWith(worker.respond(request, (promise) => event.waitUntil(promise)));
});

self.addEventListener('message', (event) => {
  const port = event.ports[0];
  const source = event.source;
  const reply = (message: StatusReply) => {
    if (port) port.postMessage(message);
    else source?.postMessage(message);
  };
  const data: unknown = event.data;
  if (data && typeof data === 'object' && (data as { type?: unknown }).type === STATUS_MESSAGE) {
    event.waitUntil(worker.message(data, reply));
  }
});
