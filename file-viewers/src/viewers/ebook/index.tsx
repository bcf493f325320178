import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { openPackage, type PackageParts } from '../../lib/package-zip';
import { readBytes } from '../../source';
import type { ViewerProps } from '../../types';
import { chapterDocument, createResources, EXTERNAL_LINK, INTERNAL_LINK, type BookResources } from './chapter';
import { parseEpub, type EpubBook, type TocEntry } from './epub';
import './ebook.css';

/** Larger books are offered as a download (the whole file is read into memory). */
export const MAX_EPUB_BYTES = 200 * 1024 * 1024;

interface OpenBook {
  parts: PackageParts;
  epub: EpubBook;
  resources: BookResources;
}

interface Position {
  index: number;
  fragment: string;
}

/** The table of contents, or one line per chapter when the book has none. */
export function contentsOf(epub: EpubBook, sectionLabel: (n: number) => string): TocEntry[] {
  if (epub.toc.length > 0) return epub.toc;
  return epub.spine.map((_, index) => ({ title: sectionLabel(index + 1), spineIndex: index, fragment: '', depth: 0 }));
}

/**
 * The line of the contents the reader is in: the one they chose while still in its chapter, else
 * the first line of the nearest chapter at or before this one.
 */
export function activeEntry(contents: TocEntry[], index: number, chosen = -1): number {
  if (contents[chosen]?.spineIndex === index) return chosen;
  let active = -1;
  contents.forEach((entry, i) => {
    if (entry.spineIndex <= index && (active < 0 || entry.spineIndex > contents[active]!.spineIndex)) active = i;
  });
  return active;
}

/**
 * An EPUB read in the browser: the package opened here (no library, no script of the book ever
 * runs), one chapter at a time in an iframe sandboxed without scripts whose document is the
 * cleaned chapter under a CSP that loads only the book's own pictures (blob:). Contents as a list
 * (a select on narrow screens), previous/next chapter, the place in the chapter kept on resize.
 * The book's page stays light ("paper") in the dark theme; the reader around it follows the theme.
 */
export default function EbookViewer({ source, label, onError }: ViewerProps) {
  const { t } = useTranslation(VIEWERS_NAMESPACE);
  const [book, setBook] = useState<OpenBook | null>(null);
  const [position, setPosition] = useState<Position>({ index: 0, fragment: '' });
  const [tocOpen, setTocOpen] = useState(true);
  const [chosen, setChosen] = useState(-1);
  const frameRef = useRef<HTMLIFrameElement>(null);
  /** Where the reader is in the chapter, 0 (top) to 1 (end): restored after the frame changes size. */
  const fraction = useRef(0);
  const restoring = useRef(0);
  const pendingFragment = useRef('');
  const wiring = useRef<AbortController | null>(null);
  useEffect(() => () => wiring.current?.abort(), []);

  useEffect(() => {
    const controller = new AbortController();
    let opened: OpenBook | null = null;
    setBook(null);
    setPosition({ index: 0, fragment: '' });
    (async () => {
      const bytes = await readBytes(source, { signal: controller.signal, maxBytes: MAX_EPUB_BYTES });
      const parts = await openPackage(bytes);
      const epub = parseEpub(parts);
      if (controller.signal.aborted) return;
      opened = { parts, epub, resources: createResources(parts, epub.mediaTypes) };
      setBook(opened);
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) onError(error);
    });
    return () => {
      controller.abort();
      opened?.resources.release();
    };
  }, [source, onError]);

  const contents = useMemo(() => (book ? contentsOf(book.epub, (n) => t('ebook.section', { n })) : []), [book, t]);
  const chapterCount = book?.epub.spine.length ?? 0;
  const srcDoc = useMemo(
    () => (book ? chapterDocument(book.parts, book.epub.spine[position.index]!.path, book.resources) : ''),
    // A new fragment in the same chapter only scrolls; the document stays.
    [book, position.index],
  );

  const scrollToFragment = useCallback((fragment: string) => {
    const doc = frameRef.current?.contentDocument;
    const win = frameRef.current?.contentWindow;
    if (!doc || !win) return;
    const target = fragment ? (doc.getElementById(fragment) ?? doc.getElementsByName(fragment)[0]) : null;
    if (target?.scrollIntoView) target.scrollIntoView({ block: 'start' });
    else (doc.scrollingElement ?? doc.documentElement).scrollTop = 0;
  }, []);

  const go = useCallback(
    (index: number, fragment = '') => {
      if (!book || index < 0 || index >= book.epub.spine.length) return;
      pendingFragment.current = fragment;
      fraction.current = 0;
      if (index === position.index) scrollToFragment(fragment);
      else setPosition({ index, fragment });
    },
    [book, position.index, scrollToFragment],
  );
  const previous = useCallback(() => go(position.index - 1), [go, position.index]);
  const next = useCallback(() => go(position.index + 1), [go, position.index]);
  const actions = useRef({ previous, next, go });
  actions.current = { previous, next, go };

  /** Wires the chapter's frame: links, arrow keys, the place in the chapter. Parent listeners run; the book's scripts do not. */
  const onFrameLoad = () => {
    const frame = frameRef.current;
    const doc = frame?.contentDocument;
    const win = frame?.contentWindow;
    if (!doc || !win) return;
    // One set of listeners per frame, the latest document's (a load may come twice).
    wiring.current?.abort();
    const controller = new AbortController();
    wiring.current = controller;
    const signal = controller.signal;
    scrollToFragment(pendingFragment.current);
    pendingFragment.current = '';
    doc.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element | null)?.closest?.(`a[${INTERNAL_LINK}], a[${EXTERNAL_LINK}]`);
        if (!link) return;
        event.preventDefault();
        const internal = link.getAttribute(INTERNAL_LINK);
        const external = link.getAttribute(EXTERNAL_LINK);
        if (internal && book) {
          const [path, fragment = ''] = internal.split('#');
          const index = book.epub.spine.findIndex((item) => item.path === path);
          if (index >= 0) actions.current.go(index, fragment);
        } else if (external && /^(?:https?|mailto):/i.test(external)) window.open(external, '_blank', 'noopener,noreferrer');
      },
      { signal },
    );
    doc.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'ArrowLeft' && !event.altKey) actions.current.previous();
        if (event.key === 'ArrowRight' && !event.altKey) actions.current.next();
      },
      { signal },
    );
    const scroller = doc.scrollingElement ?? doc.documentElement;
    const range = () => scroller.scrollHeight - scroller.clientHeight;
    win.addEventListener(
      'scroll',
      () => {
        if (Date.now() - restoring.current < 250) return;
        fraction.current = range() > 0 ? scroller.scrollTop / range() : 0;
      },
      { signal },
    );
    win.addEventListener(
      'resize',
      () => {
        restoring.current = Date.now();
        const restore = () => {
          scroller.scrollTop = Math.round(fraction.current * Math.max(0, range()));
        };
        restore();
        win.requestAnimationFrame?.(restore);
      },
      { signal },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('select, input, textarea') || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') previous();
    else if (event.key === 'ArrowRight') next();
    else return;
    event.preventDefault();
  };

  if (!book) return <ViewerLoading />;

  const active = activeEntry(contents, position.index, chosen);
  const open = (i: number) => {
    const entry = contents[i];
    if (!entry) return;
    setChosen(i);
    go(entry.spineIndex, entry.fragment);
  };
  const chapterTitle = contents[active]?.title ?? t('ebook.section', { n: position.index + 1 });
  const bookTitle = book.epub.title || source.name;

  return (
    <div className="cv-ebook cv-stack" data-testid="viewer-ebook" role="region" aria-label={label} onKeyDown={onKeyDown}>
      <div className="cv-ebook__bar">
        <button
          type="button"
          className="cc-button cc-button--small cv-ebook__toc-toggle"
          aria-expanded={tocOpen}
          aria-controls="cv-ebook-toc"
          onClick={() => setTocOpen((open) => !open)}
          data-testid="ebook-toc-toggle"
        >
          {t('ebook.contents')}
        </button>
        <select
          className="cc-input cv-ebook__select"
          aria-label={t('ebook.contents')}
          value={active >= 0 ? String(active) : ''}
          onChange={(event) => open(Number(event.target.value))}
          data-testid="ebook-toc-select"
        >
          {contents.map((entry, i) => (
            <option key={i} value={i}>
              {`${'\u00a0\u00a0'.repeat(entry.depth)}${entry.title}`}
            </option>
          ))}
        </select>
        <span className="cv-ebook__book-title cc-fill-ellipsis" title={bookTitle}>
          {bookTitle}
        </span>
      </div>
      <div className="cv-ebook__body">
        {tocOpen && (
          <nav id="cv-ebook-toc" className="cv-ebook__toc" aria-label={t('ebook.contents')} data-testid="ebook-toc">
            <ol>
              {contents.map((entry, i) => (
                <li key={i} style={{ paddingInlineStart: `${Math.min(entry.depth, 4) * 12}px` }}>
                  <button
                    type="button"
                    className="cc-link-button cv-ebook__toc-item"
                    aria-current={i === active ? 'location' : undefined}
                    onClick={() => open(i)}
                  >
                    {entry.title}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        )}
        <div className="cv-ebook__page">
          <iframe
            ref={frameRef}
            className="cv-ebook__frame"
            title={t('ebook.chapterFrame', { title: chapterTitle })}
            sandbox="allow-same-origin"
            referrerPolicy="no-referrer"
            srcDoc={srcDoc}
            onLoad={onFrameLoad}
            data-testid="ebook-frame"
            data-chapter={position.index}
          />
        </div>
      </div>
      <div className="cv-ebook__pager">
        <button
          type="button"
          className="cc-button cc-button--small"
          onClick={previous}
          disabled={position.index === 0}
          data-testid="ebook-previous"
        >
          ‹ {t('ebook.previous')}
        </button>
        <span className="cv-ebook__where" aria-live="polite" data-testid="ebook-chapter">
          <span className="cv-ebook__count">{t('ebook.position', { n: position.index + 1, total: chapterCount })}</span>{' '}
          <span className="cv-ebook__chapter-title">{chapterTitle}</span>
        </span>
        <button
          type="button"
          className="cc-button cc-button--small"
          onClick={next}
          disabled={position.index >= chapterCount - 1}
          data-testid="ebook-next"
        >
          {t('ebook.next')} ›
        </button>
      </div>
    </div>
  );
}
