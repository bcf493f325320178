import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import { extensionOf, readBytes } from '../../source';
import type { ViewerProps } from '../../types';
import type { SheetData, SheetLimits } from './core';
import { SheetGrid } from './grid';
import { errorOf, openSheets, startWorker, type SheetReader } from './reader';
import './spreadsheet.css';

/** The largest workbook (xlsx/xls/ods) read: its parse takes several times its size in memory. */
export const MAX_WORKBOOK_BYTES = 30 * 1024 * 1024;
/** The largest CSV/TSV read. */
export const MAX_TEXT_TABLE_BYTES = 50 * 1024 * 1024;

/**
 * What is turned into cells. 200,000 rows of 28 px stay under every browser's largest element
 * height; 2 million non-empty cells is a few hundred MB at most, across worker and page.
 */
export const SHEET_LIMITS: Omit<SheetLimits, 'fallbackEncoding' | 'textSheetName'> = {
  maxRows: 200_000,
  maxCols: 1_000,
  maxCells: 2_000_000,
  maxCellChars: 2_000,
  maxSheets: 200,
  maxMerges: 10_000,
};

/**
 * A workbook larger than this is read twice in its worker: first the top PREVIEW_ROWS rows of each
 * sheet (the first screen, about a third of the time of a whole read of a 50,000-row sheet), then
 * all of it.
 */
export const PREVIEW_FROM_BYTES = 512 * 1024;
export const PREVIEW_ROWS = 1_000;

const EXTENSIONS = new Set(['xlsx', 'xls', 'ods', 'csv', 'tsv']);

/** The format to read: the name's extension, else the reported type, else a workbook SheetJS sniffs. */
export function sheetFormat(name: string, contentType?: string | null): string {
  const extension = extensionOf(name);
  if (EXTENSIONS.has(extension)) return extension;
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('text/csv')) return 'csv';
  if (type.startsWith('text/tab-separated-values')) return 'tsv';
  if (type.includes('opendocument.spreadsheet')) return 'ods';
  if (type.includes('ms-excel')) return 'xls';
  return 'xlsx';
}

function baseName(name: string): string {
  const base = name.split('/').pop() ?? name;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base) || base;
}

type Phase =
  | { kind: 'reading'; loaded: number; total: number }
  | { kind: 'parsing' }
  | { kind: 'ready'; reader: SheetReader; partial: boolean; generation: number };

/** How many sheets stay in memory once shown (switching back to them is instant). */
const KEPT_SHEETS = 4;

/**
 * Spreadsheets (.xlsx, .xls, .ods, .csv, .tsv): sheet tabs over a virtualized grid of each cell's
 * displayed text. The file is parsed in a Web Worker (the main thread when none can start); only the
 * shown sheet's cells come to the page.
 */
export default function SpreadsheetViewer({ source, label, onError }: ViewerProps) {
  const { t, i18n } = useTranslation(VIEWERS_NAMESPACE);
  const [phase, setPhase] = useState<Phase>({ kind: 'reading', loaded: 0, total: source.size });
  const [active, setActive] = useState(0);
  const [sheet, setSheet] = useState<SheetData | null>(null);
  const [incomplete, setIncomplete] = useState(false);
  const kept = useRef(new Map<number, SheetData>());
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const ids = useId();
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const format = sheetFormat(source.name, source.contentType);
  // The file is read again only when it is another file, not when a page passes an equal source anew.
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const { url, blob, name, size } = source;
  const language = i18n.language;

  useEffect(() => {
    let cancelled = false;
    const controller = new AbortController();
    kept.current.clear();
    const source = sourceRef.current;
    setPhase({ kind: 'reading', loaded: 0, total: source.size });
    setActive(0);
    setSheet(null);
    setIncomplete(false);
    // The worker (and the parser script it loads) starts while the file downloads.
    const worker = startWorker(format);
    const stopWorker = () => void worker.then((started) => started?.terminate());
    let reader: SheetReader | null = null;
    let shown = 0;
    const textTable = format === 'csv' || format === 'tsv';
    (async () => {
      const bytes = await readBytes(source, {
        signal: controller.signal,
        maxBytes: textTable ? MAX_TEXT_TABLE_BYTES : MAX_WORKBOOK_BYTES,
        onProgress: (loaded, total) => {
          const now = Date.now();
          if (cancelled || (now - shown < 100 && loaded !== total)) return;
          shown = now;
          setPhase({ kind: 'reading', loaded, total });
        },
      });
      if (cancelled) return;
      setPhase({ kind: 'parsing' });
      const started = await worker;
      if (cancelled) return;
      const limits: SheetLimits = {
        ...SHEET_LIMITS,
        fallbackEncoding: language.toLowerCase().startsWith('zh') ? 'gb18030' : 'windows-1252',
        textSheetName: baseName(source.name),
        previewRows: !textTable && bytes.byteLength > PREVIEW_FROM_BYTES ? PREVIEW_ROWS : 0,
      };
      const opened = await openSheets(bytes, format, limits, started);
      if (cancelled) {
        opened.close();
        return;
      }
      reader = opened;
      // The first sheet is asked for before the rest of the file: the worker answers in order.
      if (opened.info.names.length > 0) kept.current.set(0, await opened.sheet(0));
      if (cancelled) return;
      setPhase({ kind: 'ready', reader: opened, partial: Boolean(opened.info.partial), generation: 0 });
      if (!opened.info.partial) return;
      try {
        await opened.complete();
      } catch {
        // The whole file could not be read (too slow, too big): the preview stays, said to be cut.
        if (!cancelled) setIncomplete(true);
        return;
      }
      if (cancelled) return;
      kept.current.clear();
      setPhase({ kind: 'ready', reader: opened, partial: false, generation: 1 });
    })().catch((error: unknown) => {
      if (cancelled) return;
      stopWorker();
      onErrorRef.current(errorOf(error));
    });
    return () => {
      cancelled = true;
      controller.abort();
      reader?.close();
      stopWorker();
    };
    // The language only names the fallback encoding; a change of language does not reread the file.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the language is read once per file, on purpose
  }, [url, blob, name, size, format]);

  const reader = phase.kind === 'ready' ? phase.reader : null;
  const generation = phase.kind === 'ready' ? phase.generation : -1;
  useEffect(() => {
    if (!reader) return undefined;
    let cancelled = false;
    const cached = kept.current.get(active);
    if (cached) {
      setSheet(cached);
      return undefined;
    }
    // The whole sheet replacing its preview keeps the preview on screen until it arrives.
    const wanted = reader.info.names[active];
    setSheet((shown) => (shown && shown.partial && generation > 0 && shown.name === wanted ? shown : null));
    reader.sheet(active).then(
      (data) => {
        if (cancelled) return;
        kept.current.set(active, data);
        while (kept.current.size > KEPT_SHEETS) kept.current.delete(kept.current.keys().next().value as number);
        setSheet(data);
      },
      (error: unknown) => {
        if (!cancelled) onErrorRef.current(errorOf(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [reader, active, generation]);

  const number = useMemo(() => new Intl.NumberFormat(language), [language]);

  if (phase.kind !== 'ready') {
    const progress =
      phase.kind === 'parsing'
        ? t('spreadsheet.parsing')
        : phase.loaded > 0
          ? phase.total > 0
            ? t('layer.progress', { loaded: formatBytes(phase.loaded), total: formatBytes(phase.total) })
            : t('layer.progressUnknown', { loaded: formatBytes(phase.loaded) })
          : undefined;
    return (
      <section className="cv-spreadsheet" aria-label={label} aria-busy="true" data-testid="viewer-spreadsheet">
        <ViewerLoading label={progress} />
      </section>
    );
  }

  const { names, totalSheets } = phase.reader.info;
  const showTabs = format !== 'csv' && format !== 'tsv';
  const tabId = (index: number) => `${ids}-tab-${index}`;
  const panelId = `${ids}-panel`;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % names.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + names.length) % names.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = names.length - 1;
    if (next < 0) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };

  const notices: string[] = [];
  if (sheet?.partial && incomplete) notices.push(t('spreadsheet.moreRowsUnknown', { shown: number.format(sheet.rowCount) }));
  else if (sheet?.partial) notices.push(t('spreadsheet.readingRest'));
  else if (sheet) {
    if (sheet.totalRows === -1) notices.push(t('spreadsheet.moreRowsUnknown', { shown: number.format(sheet.rowCount) }));
    else if (sheet.totalRows > sheet.rowCount)
      notices.push(t('spreadsheet.moreRows', { shown: number.format(sheet.rowCount), total: number.format(sheet.totalRows) }));
    if (sheet.totalCols > sheet.colCount)
      notices.push(t('spreadsheet.moreColumns', { shown: number.format(sheet.colCount), total: number.format(sheet.totalCols) }));
  }
  if (totalSheets > names.length)
    notices.push(t('spreadsheet.moreSheets', { shown: number.format(names.length), total: number.format(totalSheets) }));

  return (
    <section className="cv-spreadsheet" aria-label={label} data-testid="viewer-spreadsheet">
      {showTabs && (
        <div className="cv-spreadsheet-tabs" role="tablist" aria-label={t('spreadsheet.sheets')}>
          {names.map((name, index) => (
            <button
              key={`${index}:${name}`}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              className="cv-spreadsheet-tab"
              aria-selected={index === active}
              aria-controls={panelId}
              tabIndex={index === active ? 0 : -1}
              onClick={() => setActive(index)}
              onKeyDown={(event) => onTabKey(event, index)}
              title={name}
            >
              {name}
            </button>
          ))}
        </div>
      )}
      <div
        className="cv-spreadsheet-panel"
        id={panelId}
        {...(showTabs ? { role: 'tabpanel', 'aria-labelledby': tabId(active) } : {})}
        data-testid="spreadsheet-panel"
      >
        {!sheet ? (
          <ViewerLoading label={t('spreadsheet.openingSheet')} />
        ) : (
          <>
            <p className="cv-spreadsheet-status" data-testid="spreadsheet-status">
              <span>{t('spreadsheet.size', { rows: number.format(sheet.rowCount), cols: number.format(sheet.colCount) })}</span>
              {notices.map((notice) => (
                <span key={notice} className="cv-spreadsheet-notice" role="note">
                  {notice}
                </span>
              ))}
            </p>
            {sheet.rowCount === 0 || sheet.colCount === 0 ? (
              <p className="cv-spreadsheet-empty" data-testid="spreadsheet-empty">
                {t('spreadsheet.empty')}
              </p>
            ) : (
              <SheetGrid
                key={`${active}:${sheet.name}`}
                sheet={sheet}
                label={t('spreadsheet.grid', { sheet: sheet.name, interpolation: { escapeValue: false } })}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}
