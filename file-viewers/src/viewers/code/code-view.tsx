import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { ViewerError } from '../../errors';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { openStream } from '../../source';
import { PLAIN_TEXT_LANGUAGE } from '../../viewer-kind';
import type { FileSource } from '../../types';
import { LineIndex } from './line-index';
import { streamText } from './stream-text';
import { lineWindow, scrollRatio, scrollTopForLine } from './virtual-window';
import './code.css';
import { useWrapPreference } from '../../wrap-preference';

const KB = 1024;
const MB = 1024 * KB;
/** Larger texts are not shown (ViewerError 'too-large'). */
export const MAX_TEXT_BYTES = 512 * MB;
/** Up to this size the whole text is in the page (wrap, the browser's find, copy); above, only the visible lines. */
export const FULL_VIEW_MAX_BYTES = 512 * KB;
/** Up to this many lines too (512 KB of line breaks would be half a million elements). */
export const FULL_VIEW_MAX_LINES = 20_000;
/** Up to this size code is highlighted (and the highlighter's chunk loaded). */
export const HIGHLIGHT_MAX_BYTES = 256 * KB;
/** The fixed height of a line in px (code.css says the same). */
export const LINE_HEIGHT = 20;
/** Characters of a line shown in the large-file view (a minified 50 MB line is never built). */
export const MAX_LINE_CHARS = 10_000;
/** How often the view follows a file that is still streaming in. */
const PUBLISH_MS = 150;

interface Streamed {
  index: LineIndex;
  loaded: number;
  done: boolean;
}

/**
 * The same source object for as long as it names the same file, so that a page that builds its
 * source anew at each render does not restart the reading.
 */
export function useStableSource(source: FileSource): FileSource {
  const ref = useRef(source);
  const seen = ref.current;
  const same =
    seen === source ||
    (seen.url === source.url &&
      seen.blob === source.blob &&
      seen.name === source.name &&
      seen.size === source.size &&
      seen.contentType === source.contentType);
  if (!same) ref.current = source;
  return ref.current;
}

/** The file streamed into a LineIndex; a new state at the first text, then every PUBLISH_MS and at the end. */
function useStreamedText(source: FileSource, onError: (error: unknown) => void): Streamed | null {
  const [state, setState] = useState<Streamed | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    const controller = new AbortController();
    const index = new LineIndex();
    let loaded = 0;
    let published = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const publish = () => {
      timer = undefined;
      published = Date.now();
      if (!controller.signal.aborted) setState({ index, loaded, done: index.done });
    };
    setState(null);
    if (source.size > MAX_TEXT_BYTES) {
      onErrorRef.current(new ViewerError('too-large'));
      return undefined;
    }
    const onProgress = (bytes: number) => {
      loaded = bytes;
      if (published === 0 && index.length > 0) publish();
      else if (!timer && published !== 0) timer = setTimeout(publish, Math.max(0, PUBLISH_MS - (Date.now() - published)));
    };
    (async () => {
      const stream = await openStream(source, controller.signal);
      await streamText(stream, index, { signal: controller.signal, maxBytes: MAX_TEXT_BYTES, onProgress });
      if (controller.signal.aborted) return;
      if (timer) clearTimeout(timer);
      publish();
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) onErrorRef.current(error);
    });
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [source]);
  return state;
}

function gutterStyle(lineCount: number): CSSProperties {
  return { '--cv-code-digits': String(Math.max(2, String(lineCount).length)) } as CSSProperties;
}

/** A size for "Loaded 12 MB of 50 MB": whole MB above one MB. */
function roughBytes(bytes: number): string {
  return formatBytes(bytes >= MB ? Math.round(bytes / MB) * MB : bytes);
}

export interface CodeViewProps {
  source: FileSource;
  /** highlight.js language ('plaintext': shown as it is, the highlighter never loads). */
  language: string;
  label: string;
  onError: (error: unknown) => void;
}

/**
 * A text file with line numbers. Small files are in the page whole (wrap toggle, highlighted when
 * their language has a grammar, copy); large ones stream into a virtualized view that renders only
 * the visible lines, with the loading progress and then the line count.
 */
export function CodeView({ source: given, language, label, onError }: CodeViewProps) {
  const { t, i18n } = useTranslation(VIEWERS_NAMESPACE);
  const source = useStableSource(given);
  const streamed = useStreamedText(source, onError);
  const [wrap, setWrap] = useWrapPreference();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [highlighted, setHighlighted] = useState<{ index: LineIndex; lines: string[] } | null>(null);

  // A small file of very many (short) lines is large too: every line would be an element.
  const big =
    source.size > FULL_VIEW_MAX_BYTES ||
    (streamed?.loaded ?? 0) > FULL_VIEW_MAX_BYTES ||
    (streamed?.index.lineCount ?? 0) > FULL_VIEW_MAX_LINES;
  const mode = big
    ? streamed && (streamed.index.length > 0 || streamed.done)
      ? 'virtual'
      : 'loading'
    : streamed?.done
      ? 'full'
      : 'loading';
  const index = streamed?.index ?? null;
  const bytes = streamed?.loaded ?? 0;
  const highlights = language !== PLAIN_TEXT_LANGUAGE && !big && bytes <= HIGHLIGHT_MAX_BYTES;

  // The highlighter is its own chunk, fetched only for code small enough to highlight.
  useEffect(() => {
    if (mode !== 'full' || !highlights || !index) return undefined;
    let live = true;
    import(/* webpackChunkName: "viewer-code-highlight" */ './highlight')
      .then(({ highlightLines }) => {
        if (!live) return;
        let lines: string[] | null = null;
        try {
          lines = highlightLines(index.text(), language);
        } catch {
          lines = null;
        }
        if (lines) setHighlighted({ index, lines });
      })
      .catch(() => undefined); // The text stays plain.
    return () => {
      live = false;
    };
  }, [mode, highlights, index, language]);

  useEffect(() => {
    if (copyState === 'idle') return undefined;
    const timer = setTimeout(() => setCopyState('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copyState]);

  const copy = useCallback(() => {
    if (!index) return;
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard?.writeText) {
      setCopyState('failed');
      return;
    }
    clipboard.writeText(index.text()).then(
      () => setCopyState('copied'),
      () => setCopyState('failed'),
    );
  }, [index]);

  if (mode === 'loading' || !streamed || !index)
    return (
      <ViewerLoading
        label={
          streamed && streamed.loaded > 0
            ? source.size > 0
              ? t('layer.progress', { loaded: roughBytes(streamed.loaded), total: roughBytes(source.size) })
              : t('layer.progressUnknown', { loaded: roughBytes(streamed.loaded) })
            : undefined
        }
      />
    );

  const lineCount = index.lineCount;
  const number = new Intl.NumberFormat(i18n.language || undefined);
  const status = streamed.done
    ? t('code.lines', { count: lineCount, formatted: number.format(lineCount) })
    : source.size > 0
      ? t('code.loaded', { loaded: roughBytes(streamed.loaded), total: roughBytes(source.size) })
      : t('code.loadedUnknown', { loaded: roughBytes(streamed.loaded) });
  const htmlLines = highlighted && highlighted.index === index ? highlighted.lines : null;

  return (
    <div
      className="cv-code cv-stack"
      data-testid="viewer-code"
      data-mode={mode}
      data-language={htmlLines ? language : PLAIN_TEXT_LANGUAGE}
      data-done={streamed.done ? 'true' : 'false'}
    >
      <div className="cv-code-bar">
        <button
          type="button"
          className="cc-button cc-button--small"
          aria-pressed={mode === 'full' && wrap}
          disabled={mode !== 'full'}
          onClick={() => setWrap(!wrap)}
          data-testid="code-wrap"
        >
          {t('code.wrap')}
        </button>
        {mode === 'full' && (
          <button
            type="button"
            className="cc-button cc-button--small"
            onClick={copy}
            data-state={copyState === 'copied' ? 'copied' : undefined}
            data-testid="code-copy"
          >
            {copyState === 'copied' ? t('code.copied') : t('code.copy')}
          </button>
        )}
        <span className="cv-code-status" data-testid="code-status">
          {status}
        </span>
        {copyState === 'failed' && (
          <span className="cv-code-note" role="status">
            {t('code.copyFailed')}
          </span>
        )}
        {mode === 'virtual' && (
          <span className="cv-code-note">
            {t('code.wrapOff', { size: formatBytes(FULL_VIEW_MAX_BYTES), lines: number.format(FULL_VIEW_MAX_LINES) })}
          </span>
        )}
        {language !== PLAIN_TEXT_LANGUAGE && !highlights && (
          <span className="cv-code-note">{t('code.notHighlighted', { size: formatBytes(HIGHLIGHT_MAX_BYTES) })}</span>
        )}
      </div>
      {mode === 'full' ? (
        <FullText index={index} label={label} wrap={wrap} htmlLines={htmlLines} language={language} />
      ) : (
        <VirtualText index={index} label={label} loaded={streamed.loaded} total={source.size} done={streamed.done} />
      )}
    </div>
  );
}

/** The whole (small) text: every line in the page, highlighted once the highlighter is in. */
function FullText(props: { index: LineIndex; label: string; wrap: boolean; htmlLines: string[] | null; language: string }) {
  const { index, label, wrap, htmlLines, language } = props;
  const count = index.lineCount;
  const lines = useMemo(() => Array.from({ length: count }, (_, i) => index.line(i).text), [index, count]);
  return (
    <div className="cv-code-scroll" tabIndex={0} role="region" aria-label={label} data-testid="file-text">
      <pre className={`cv-code-pre${wrap ? ' cv-code-pre--wrap' : ''}`} style={gutterStyle(count)}>
        <code className={htmlLines ? `hljs language-${language}` : undefined}>
          {htmlLines
            ? lines.map((_, i) => (
                // highlight.js's own escaped output, cut per line (split-html-lines.ts).
                <span key={i} className="cv-code-line" data-n={i + 1} dangerouslySetInnerHTML={{ __html: htmlLines[i] ?? '' }} />
              ))
            : lines.map((line, i) => (
                <span key={i} className="cv-code-line" data-n={i + 1}>
                  {line}
                </span>
              ))}
        </code>
      </pre>
    </div>
  );
}

/** Only the lines in view (and a few around), positioned in a spacer as tall as all the lines. */
function VirtualText(props: { index: LineIndex; label: string; loaded: number; total: number; done: boolean }) {
  const { index, label, loaded, total, done } = props;
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return undefined;
    const measure = () => setViewport(element.clientHeight > 0 ? element.clientHeight : 600);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const known = index.lineCount;
  // While the file streams in, the scroll range stands for the whole file (estimated from the part read).
  const lineCount = done || total <= 0 || loaded <= 0 ? known : Math.max(known, Math.ceil((known * total) / loaded));
  const win = lineWindow({ scrollTop, viewportHeight: viewport, lineCount, lineHeight: LINE_HEIGHT });

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (scrollRef.current) setScrollTop(scrollRef.current.scrollTop);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = scrollRef.current;
    if (!element || event.altKey || event.metaKey) return;
    const ratio = scrollRatio(lineCount, LINE_HEIGHT, viewport);
    const current = Math.floor((element.scrollTop * ratio) / LINE_HEIGHT + 1e-6);
    const page = Math.max(1, Math.floor(viewport / LINE_HEIGHT) - 1);
    let target: number;
    switch (event.key) {
      case 'ArrowDown':
        target = current + 1;
        break;
      case 'ArrowUp':
        target = current - 1;
        break;
      case 'PageDown':
        target = current + page;
        break;
      case 'PageUp':
        target = current - page;
        break;
      case ' ':
        target = event.shiftKey ? current - page : current + page;
        break;
      case 'Home':
        target = 0;
        break;
      case 'End':
        target = lineCount;
        break;
      default:
        return;
    }
    event.preventDefault();
    const next = scrollTopForLine(target, lineCount, LINE_HEIGHT, viewport);
    element.scrollTop = target > current ? Math.ceil(next) : Math.floor(next);
    setScrollTop(element.scrollTop);
  };

  const rows = [];
  for (let i = win.first; i < win.end; i += 1) {
    if (i >= known) {
      rows.push(<span key={i} className="cv-code-line cv-code-line--pending" data-n={i + 1} />);
      continue;
    }
    const { text, truncated } = index.line(i, MAX_LINE_CHARS);
    rows.push(
      <span key={i} className="cv-code-line" data-n={i + 1}>
        {text}
        {truncated && (
          <span className="cv-code-more" title={t('code.longLine', { max: MAX_LINE_CHARS })}>
            …
          </span>
        )}
      </span>,
    );
  }

  return (
    <div
      ref={scrollRef}
      className="cv-code-scroll cv-code-scroll--virtual"
      tabIndex={0}
      role="region"
      aria-label={label}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      data-testid="file-text"
      data-first-line={win.first + 1}
    >
      <div className="cv-code-spacer" style={{ height: win.scrollHeight }}>
        <pre className="cv-code-pre cv-code-pre--virtual" style={{ ...gutterStyle(lineCount), transform: `translateY(${win.top}px)` }}>
          <code>{rows}</code>
        </pre>
      </div>
    </div>
  );
}
