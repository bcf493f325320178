// The content of a share page rendered on the server from its first API answer, by the pinned
// remote's own renderer (`server/share-render.cjs`, mfe-public's src/server-render), in worker
// threads (share-render-pool.mjs). The renderer's plan (`shareRenderPlan`) names a rendering apart
// from what changes with every reading (a paste's view count): one rendering, kept in a bounded LRU
// cache as a template, serves every reading of the same text, its slots filled at each page.
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createRenderPool } from './share-render-pool.mjs';

/** The renderer's time budget per page, and the largest answer it is given. */
export const RENDER_BUDGET_MS = 50;
export const RENDER_LIMIT_BYTES = 2 * 1024 * 1024;
/**
 * How long a page waits for its rendering (in a worker: share-render-pool.mjs) before it is sent
 * without: the renderer's budget and the time to render the page's chrome, with room for a busy
 * machine. A later rendering still fills the cache.
 */
export const RENDER_WAIT_MS = 600;
/** The path of the server renderer in a remote's build. */
export const SHARE_RENDERER_FILE = 'server/share-render.cjs';
/** What parsedJson answers for text that is not JSON. */
export const NOT_JSON = Symbol('not JSON');
/** Text parsed as JSON, or NOT_JSON. */
export const parsedJson = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
};

/**
 * A small LRU cache bounded by count and by the summed `size` of its values.
 * @template T
 * @param {{ maxEntries: number, maxBytes: number, sizeOf: (value: T) => number }} limits
 */
export function createLru({ maxEntries, maxBytes, sizeOf }) {
  /** @type {Map<string, { value: T, size: number }>} */
  const entries = new Map();
  let bytes = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      const size = sizeOf(value);
      if (size > maxBytes) return;
      const old = entries.get(key);
      if (old) {
        bytes -= old.size;
        entries.delete(key);
      }
      entries.set(key, { value, size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.size;
      }
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

/** A rendering's markup as UTF-8 pieces: text, and between texts the names of the slots there (encoded once, kept with the rendering). */
const piecesOfRendering = new WeakMap();

/**
 * A rendering's markup with its slots filled from a plan's `values` (HTML text), as parts of a page
 * (page-compression.mjs PagePart, UTF-8) to be sent one after another: the rendering's text is
 * encoded once and kept, only the values are new at every page.
 * @param {{ html: string, slots?: Record<string, string> }} rendering
 * @param {Record<string, string>} values
 * @returns {Array<{ data: Buffer, kept: boolean }>}
 */
export function filledTemplate(rendering, values) {
  let pieces = piecesOfRendering.get(rendering);
  if (!pieces) {
    pieces = [rendering.html];
    for (const [name, token] of Object.entries(rendering.slots ?? {})) {
      if (typeof token !== 'string' || !token) continue;
      pieces = pieces.flatMap((piece) =>
        typeof piece === 'string' ? piece.split(token).flatMap((text, i) => (i === 0 ? [text] : [{ slot: name }, text])) : [piece],
      );
    }
    pieces = pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece));
    piecesOfRendering.set(rendering, pieces);
  }
  return pieces.map((piece) =>
    Buffer.isBuffer(piece)
      ? { data: piece, kept: true }
      : { data: Buffer.from(typeof values[piece.slot] === 'string' ? values[piece.slot] : '', 'utf8'), kept: false },
  );
}

/**
 * @param {object} options
 * @param {{ read: (pkg: string, version: string, relative: string) => Promise<Buffer | null> }} options.reader
 * @param {number} [options.renderWaitMs]
 * @param {ReturnType<typeof createRenderPool>} [options.pool] where renderers run (default: worker threads)
 * @param {(key: string, message: string) => void} options.warnOnce
 */
export function createShareRenderer({ reader, renderWaitMs = RENDER_WAIT_MS, pool = undefined, warnOnce }) {
  pool ??= createRenderPool();
  const rendered = createLru({ maxEntries: 200, maxBytes: 16 * 1024 * 1024, sizeOf: (value) => 64 + (value?.html.length ?? 0) * 2 });
  /** Renderings under way, by cache key: a page that asks for the same one waits for it. */
  const rendering = new Map();
  /** Renderers by the hash of their file: the module, or null when it failed to load. */
  const renderers = new Map();
  /** The renderer of each pinned version (`package@version`), loaded once: a promise, so pages that come together share one load. */
  const rendererByPin = new Map();

  /** The renderer module of a pinned remote, or null (none in the build, or it failed to load). */
  function rendererOf(pin) {
    const key = `${pin.package}@${pin.version}`;
    let loading = rendererByPin.get(key);
    if (!loading) {
      loading = loadRenderer(pin);
      if (rendererByPin.size >= 8) rendererByPin.delete(rendererByPin.keys().next().value);
      rendererByPin.set(key, loading);
    }
    return loading;
  }

  async function loadRenderer(pin) {
    const code = await reader.read(pin.package, pin.version, SHARE_RENDERER_FILE).catch(() => null);
    if (!code) return null;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 32);
    if (!renderers.has(hash)) {
      let mod = null;
      const file = path.join(os.tmpdir(), 'cloudclip-share-render', `${hash}.cjs`);
      try {
        // Loaded from a file of its own (named by its content), so Node resolves its built-ins and
        // source maps as usual; written aside and renamed into place, so another gateway on this
        // machine never loads it half written.
        await mkdir(path.dirname(file), { recursive: true });
        const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
        await writeFile(partial, code);
        await rename(partial, file);
        mod = createRequire(import.meta.url)(file);
        if (typeof mod?.renderShare !== 'function') throw new Error('it exports no renderShare');
        // Each worker loads it now (an answer it shows nothing for), not at a visitor's page.
        for (let i = 0; i < (pool.size ?? 1); i += 1) pool.run(file, { kind: 'paste', slug: '', status: 0, body: null }).catch(() => {});
      } catch (error) {
        warnOnce(hash, `${pin.package}@${pin.version} ${SHARE_RENDERER_FILE} cannot be loaded: ${error?.message ?? error}`);
        mod = null;
      }
      if (renderers.size >= 8) renderers.delete(renderers.keys().next().value);
      renderers.set(hash, mod ? { mod, hash, file } : null);
    }
    return renderers.get(hash) ?? null;
  }

  /**
   * The page's content rendered by the pinned remote's server renderer from its first answer:
   * `{ parts, css }` for the live first screen (its markup as parts of the page: filledTemplate), or null (no renderer, an answer nobody but the page
   * may show, too large, a failing renderer).
   * @param {{ package: string, version: string }} pin the remote's pinned version
   * @param {{ kind: 'paste' | 'file', slug: string, origin: string, answer: UpstreamAnswer, json?: unknown }} share
   *   `json`: the answer's body as parsed already (EmbeddedAnswer)
   */
  async function render(pin, { kind, slug, origin, answer: upstream, json = undefined }) {
    if (upstream.status !== 200 || upstream.body.length > RENDER_LIMIT_BYTES || !/json/i.test(upstream.contentType)) return null;
    const renderer = await rendererOf(pin);
    if (!renderer) return null;
    const body = json !== undefined ? json : parsedJson(upstream.body.toString('utf8'));
    if (body === NOT_JSON) return null;
    const input = { kind, slug, status: upstream.status, body, origin };
    const plan = planOf(renderer, input, upstream);
    if (!plan) return null;
    const key = `${renderer.hash}\n${plan.key}`;
    let result = rendered.get(key);
    if (result === undefined) {
      let job = rendering.get(key);
      if (!job) {
        job = pool.run(renderer.file, { ...input, budgetMs: RENDER_BUDGET_MS, slots: plan.templated }).then(
          (output) => {
            // A rendering the budget cut short is not kept: the next reading gets further.
            if (output && (output.complete !== false || !plan.templated)) rendered.set(key, output);
            return output;
          },
          (error) => {
            if (!error?.busy)
              warnOnce(`${renderer.hash}:render`, `${pin.package}@${pin.version} renderShare failed: ${error?.message ?? error}`);
            return null;
          },
        );
        rendering.set(key, job);
        job.finally(() => rendering.delete(key));
      }
      let timer;
      const late = new Promise((resolve) => {
        timer = setTimeout(() => resolve(null), renderWaitMs);
      });
      result = await Promise.race([job, late]);
      clearTimeout(timer);
    }
    if (!result) return null;
    const css = typeof renderer.mod.SHARE_RENDER_CSS === 'string' ? renderer.mod.SHARE_RENDER_CSS : '';
    // The stylesheet is the renderer's: its hash names it for the page's frame (boot-page-route.mjs).
    return { parts: filledTemplate(result, plan.values), css, cssKey: renderer.hash };
  }

  /**
   * What names an answer's rendering: the renderer's own plan (`shareRenderPlan`: one template
   * for every reading of the same text, its view count filled in here), or, for a renderer
   * without one (an older pinned build), the whole answer. Null: the renderer shows nothing for it.
   */
  function planOf(renderer, input, upstream) {
    if (typeof renderer.mod.shareRenderPlan !== 'function') {
      const updatedAt = String(input.body?.updatedAt ?? input.body?.updated_at ?? '');
      const contentHash = createHash('sha256').update(upstream.body).digest('base64url');
      return { key: [input.kind, input.slug, input.origin, updatedAt, contentHash].join('\n'), values: {}, templated: false };
    }
    let plan;
    try {
      plan = renderer.mod.shareRenderPlan(input);
    } catch (error) {
      warnOnce(`${renderer.hash}:plan`, `${renderer.file} shareRenderPlan failed: ${error?.message ?? error}`);
      return null;
    }
    if (!plan || typeof plan.key !== 'string') return null;
    return { key: plan.key, values: plan.values && typeof plan.values === 'object' ? plan.values : {}, templated: true };
  }

  /** Starts loading a pinned remote's renderer (once), so the page that needs it does not wait for the load. */
  function prepare(pin) {
    rendererOf(pin).catch(() => null);
  }

  return { render, prepare, close: () => pool.close().catch(() => {}), cacheSize: () => rendered.size };
}
