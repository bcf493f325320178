import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { markFirstScreenAdopted, serverRenderedContent } from '@cloudclip/shared-kernel';
import { useDark } from '../../hooks/use-dark';
import { splitMarkdown } from './markdown-chunks';
import { cachedHtml, markdownToHtml, prepareMarkdown, runViewerEffects, viewerPluginsFor } from './markdown-processor';
import { renderChunks, workerAvailable, workerRunning, type ChunkStream, type ChunkToRender } from './markdown-worker-client';
import { Slugger, USER_CONTENT_PREFIX } from './heading-slugs';
import { scrollIntoViewSettled } from './scroll-into-view';
import { keepReadingPosition, moveChunks, serverChunksFor } from './server-rendered';
import './markdown.css';
import './highlight.css';

export interface OutlineHeading {
  id: string;
  level: number;
  text: string;
}

interface MarkdownViewProps {
  value: string;
  /** Called once the whole document is in the page, with its headings (for an outline). */
  onRendered?: (headings: OutlineHeading[]) => void;
  className?: string;
  label?: string;
  testId?: string;
  /**
   * Take over the server's rendering of this document from the boot page's first screen (the
   * paste view): its chunk elements are moved in, not rendered again, when they are of `value`.
   */
  adopt?: 'paste';
}

interface RenderState {
  sources: string[];
  elements: HTMLElement[];
  dark: boolean | null;
  /** Chunks whose plugin effects already ran. */
  enhanced: WeakSet<HTMLElement>;
}

/** Budget of one slice of work before the browser gets the main thread back (ms). */
const SLICE_MS = 12;
/**
 * Below this much Markdown left to render (characters) a worker that is not running yet is not
 * started: loading and compiling it would cost more than rendering the rest here (measured: a
 * 40 KB paste finished ~180 ms later with a worker, a 100 KB one as fast, a 300 KB one faster).
 */
const WORKER_MIN_SOURCE = 64 * 1024;

/**
 * Gives the browser the main thread back until it has drawn a frame (so scrolling and input stay
 * smooth while a large document fills in). Hidden pages draw no frames: a timer takes over.
 */
function yieldToMain(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve();
    };
    if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
      requestAnimationFrame(() => setTimeout(finish, 0));
      setTimeout(finish, 100);
    } else {
      setTimeout(finish, 0);
    }
  });
}

function requestIdle(callback: (deadline?: IdleDeadline) => void): number {
  if (typeof window.requestIdleCallback === 'function') return window.requestIdleCallback(callback, { timeout: 2000 });
  return window.setTimeout(() => callback(), 50);
}

function cancelIdle(handle: number): void {
  if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
  else window.clearTimeout(handle);
}

/**
 * Accessibility touches on the sanitized DOM (attributes we set, never markup from the document):
 * keyboard access to scrollable blocks (code, wide tables) and names for task-list checkboxes.
 */
function enhance(element: HTMLElement): void {
  element.querySelectorAll<HTMLElement>('pre, table').forEach((block) => {
    if (!block.hasAttribute('tabindex')) block.tabIndex = 0;
  });
  element.querySelectorAll<HTMLInputElement>('li > input[type="checkbox"]').forEach((box) => {
    const text = box.parentElement?.textContent?.trim().slice(0, 120);
    if (text) box.setAttribute('aria-label', text);
  });
}

/** Heading anchors in document order (`user-content-<slug>`, as GitHub does), returned for the outline. */
function assignHeadingIds(container: HTMLElement): OutlineHeading[] {
  const slugger = new Slugger();
  const headings: OutlineHeading[] = [];
  container.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6').forEach((heading) => {
    // GFM's footnote section has its own (visually hidden) heading and id: leave it alone.
    if (heading.classList.contains('sr-only')) return;
    const text = heading.textContent?.trim() ?? '';
    const id = `${USER_CONTENT_PREFIX}${slugger.slug(text)}`;
    if (heading.id !== id) heading.id = id;
    headings.push({ id, level: Number(heading.tagName.slice(1)), text });
  });
  return headings;
}

/**
 * Sanitized Markdown. Large documents are rendered chunk by chunk in the Markdown worker (the
 * main thread only inserts the HTML, in short slices, so the page stays responsive and scrolls
 * while it fills; without a worker the chunks are rendered here, slice by slice), off-screen
 * chunks skip layout (`content-visibility`), and unchanged chunks are kept when the value changes
 * (editor preview). Small documents are rendered here at once: starting a worker would cost more.
 */
export function MarkdownView({ value, onRendered, className, label, testId, adopt }: MarkdownViewProps) {
  const dark = useDark();
  const ref = useRef<HTMLDivElement>(null);
  const state = useRef<RenderState>({ sources: [], elements: [], dark: null, enhanced: new WeakSet() });
  const onRenderedRef = useRef(onRendered);
  onRenderedRef.current = onRendered;
  /** Whether the first render looked for the server's rendering; `pending`: it was of another text. */
  const adoption = useRef<'none' | 'pending' | 'done'>('none');

  // Before the browser paints the page: the server's chunks move in (the first screen that held
  // them is removed by the host in this same task, on markFirstScreenAdopted).
  useLayoutEffect(() => {
    if (!adopt || adoption.current !== 'none') return;
    adoption.current = 'done';
    const container = ref.current;
    const server = serverRenderedContent(adopt);
    if (!container || !server) return;
    const chunks = splitMarkdown(value);
    const elements = serverChunksFor(server, value);
    if (!elements || elements.length > chunks.length) {
      adoption.current = 'pending';
      return;
    }
    const current = state.current;
    current.dark = dark;
    container.classList.toggle('cp-md--chunked', chunks.length > 1);
    const restore = keepReadingPosition(elements);
    moveChunks(elements, container);
    elements.forEach((element, index) => {
      current.elements[index] = element;
      current.sources[index] = chunks[index]!;
    });
    if (elements.length === chunks.length) {
      const headings = assignHeadingIds(container);
      container.dataset.progress = '100';
      container.dataset.rendered = 'true';
      onRenderedRef.current?.(headings);
    }
    markFirstScreenAdopted();
    restore();
    // Again once the updates this hand-over caused (the outline beside the text) are rendered,
    // still before the browser paints.
    queueMicrotask(restore);
    // And before the first frame of the page, once whatever this hand-over scheduled has rendered.
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(restore);
    // Only the first render's document is the server's: later values find `adoption` done.
  }, [adopt, dark, value]);

  useEffect(() => {
    const container = ref.current;
    if (!container) return undefined;
    let cancelled = false;
    const current = state.current;
    if (current.dark !== dark) {
      // Diagrams follow the theme: render everything again (the HTML itself comes from the cache).
      current.elements.forEach((element) => element.remove());
      current.elements = [];
      current.sources = [];
      current.dark = dark;
    }
    const plugins = viewerPluginsFor(dark);
    const chunks = splitMarkdown(value);
    const chunked = chunks.length > 1;
    container.classList.toggle('cp-md--chunked', chunked);
    container.dataset.rendered = 'false';
    // Highlighting, formulas and diagrams of a large document run when a chunk comes near the
    // viewport, not for the whole document at once.
    const effects = (element: HTMLElement) => {
      if (current.enhanced.has(element)) return;
      current.enhanced.add(element);
      runViewerEffects(plugins, element);
    };
    const schedule = (element: HTMLElement) => {
      if (current.enhanced.has(element)) return;
      if (observer) observer.observe(element);
      else effects(element);
    };
    const observer =
      chunked && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver(
            (entries) => {
              for (const entry of entries) {
                if (!entry.isIntersecting) continue;
                observer?.unobserve(entry.target);
                effects(entry.target as HTMLElement);
              }
            },
            { rootMargin: '1500px 0px' },
          )
        : null;

    // A chunked document is rendered in the Markdown worker (when there is enough of it, see
    // WORKER_MIN_SOURCE), except what is cached and, while the view still shows nothing, its
    // first chunk: that one is rendered here at once, and the worker
    // is only asked for (started, the first time) once it is on screen, so that loading and
    // compiling the worker does not compete with the first screen. While the worker starts, the
    // stream renders the next chunks here too. Without a worker everything is rendered here, slice
    // by slice.
    let stream: ChunkStream | null = null;
    const toWorker: ChunkToRender[] = [];
    if (chunked) {
      const firstScreen = current.elements.length === 0 ? 0 : -1;
      chunks.forEach((source, index) => {
        const kept = current.sources[index] === source && current.elements[index];
        if (!kept && index !== firstScreen && cachedHtml(source) === undefined) toWorker.push({ index, source });
      });
    }
    const toWorkerSize = toWorker.reduce((sum, { source }) => sum + source.length, 0);
    if (toWorkerSize < WORKER_MIN_SOURCE && !workerRunning()) toWorker.length = 0;
    const inWorker = new Set(toWorker.map(({ index }) => index));

    const allKept = chunks.every((source, index) => current.sources[index] === source && current.elements[index]);
    const run = async () => {
      // Chunks taken over from the server need no raw-HTML step: only their effects run.
      const prepared = allKept ? null : prepareMarkdown(value);
      if (prepared) {
        // Shown as plain text if the raw-HTML step cannot be loaded (markdownToHtml's fallback).
        await prepared.catch((error: unknown) => console.error('[cloudclip_public] Markdown HTML support failed to load', error));
        if (cancelled) return;
      }
      let sliceStart = performance.now();
      for (let index = 0; index < chunks.length; index += 1) {
        const source = chunks[index]!;
        const kept = current.elements[index];
        if (current.sources[index] === source && kept) {
          schedule(kept);
          continue;
        }
        let html: string;
        if (inWorker.has(index) && !stream) {
          // The first chunk for the worker (every later one is too: `toWorker` is in document order).
          if (workerAvailable()) stream = renderChunks(toWorker);
          else inWorker.clear();
        }
        if (stream && inWorker.has(index)) {
          const waited = !stream.hasNext();
          html = await stream.next();
          if (cancelled) return;
          // Waiting for the worker gave the browser its frames: a new slice starts.
          if (waited) sliceStart = performance.now();
        } else {
          html = markdownToHtml(source);
        }
        const element = document.createElement('div');
        element.className = 'cp-md-chunk';
        element.innerHTML = html;
        enhance(element);
        const previous = current.elements[index];
        if (previous) previous.replaceWith(element);
        else container.appendChild(element);
        current.elements[index] = element;
        current.sources[index] = source;
        schedule(element);
        if (performance.now() - sliceStart > SLICE_MS) {
          container.dataset.progress = String(Math.round(((index + 1) / chunks.length) * 100));
          await yieldToMain();
          if (cancelled) return;
          sliceStart = performance.now();
        }
      }
      for (let index = chunks.length; index < current.elements.length; index += 1) current.elements[index]?.remove();
      current.elements.length = chunks.length;
      current.sources.length = chunks.length;
      const headings = assignHeadingIds(container);
      container.dataset.progress = '100';
      container.dataset.rendered = 'true';
      onRenderedRef.current?.(headings);
      if (adoption.current === 'pending') {
        // The server rendered another text (the paste changed in between): the page's own
        // rendering is complete, the first screen can go.
        adoption.current = 'done';
        markFirstScreenAdopted();
      }
      if (observer) enhanceWhenIdle();
    };

    // Chunks far from the viewport get their effects in idle time, a few at a time, so scrolling
    // to them later finds them ready without the work landing on a scroll frame.
    let idleHandle: number | null = null;
    const enhanceWhenIdle = () => {
      const pending = current.elements.filter((element) => !current.enhanced.has(element));
      const step = (deadline?: IdleDeadline) => {
        idleHandle = null;
        if (cancelled) return;
        const until = performance.now() + (deadline ? Math.min(deadline.timeRemaining(), 10) : 8);
        while (pending.length && performance.now() < until) {
          const element = pending.shift()!;
          observer?.unobserve(element);
          effects(element);
        }
        if (pending.length) idleHandle = requestIdle(step);
      };
      idleHandle = requestIdle(step);
    };
    void run();
    return () => {
      cancelled = true;
      stream?.cancel();
      observer?.disconnect();
      if (idleHandle !== null) cancelIdle(idleHandle);
    };
  }, [value, dark]);

  // In-document links (#anchor, footnotes) scroll inside the page instead of changing the route.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href?.startsWith('#') || href.length < 2) return;
    let id = href.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      /* keep it encoded */
    }
    const byId = (value: string) =>
      Array.from(ref.current?.querySelectorAll<HTMLElement>('[id]') ?? []).find((element) => element.id === value);
    const target = byId(id) ?? byId(USER_CONTENT_PREFIX + id);
    if (!target) return;
    event.preventDefault();
    scrollIntoViewSettled(target);
  };

  return (
    <div
      ref={ref}
      className={`markdown-body cp-md ${className ?? ''}`.trim()}
      onClick={onClick}
      aria-label={label}
      role={label ? 'region' : undefined}
      data-testid={testId}
    />
  );
}
