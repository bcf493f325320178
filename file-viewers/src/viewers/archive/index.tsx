import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime } from '@cloudclip/shared-kernel';
import { FileViewer, ViewerLoading } from '../../file-viewer';
import { VIEWERS_NAMESPACE } from '../../i18n/resources';
import type { FileSource, ViewerProps } from '../../types';
import {
  baseName,
  buildTree,
  compareNames,
  EntryError,
  folderAt,
  PasswordNeededError,
  WrongPasswordError,
  type ArchiveEntry,
  type ArchiveHandle,
  type FolderNode,
} from './model';
import { openArchive } from './open-archive';
import './archive.css';

/** Rows rendered at once in one folder; more on demand (a folder of 100,000 names stays responsive). */
const PAGE_ROWS = 500;

type Notice = { key: 'tooLarge' | 'unsupportedEntry' | 'damagedEntry'; name: string } | null;

interface PasswordAsk {
  entry: ArchiveEntry;
  wrong: boolean;
}

function FolderIcon() {
  return (
    <svg className="cv-archive-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.6l2 2h8.4A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z"
        fill="currentColor"
      />
    </svg>
  );
}

function FileIcon() {
  return (
    <svg className="cv-archive-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M6 3h8l4 4v13a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M14 3v4h4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function LockIcon({ label }: { label: string }) {
  return (
    <svg className="cv-archive-lock" viewBox="0 0 24 24" role="img" aria-label={label} data-testid="archive-lock">
      <title>{label}</title>
      <rect x="5" y="10" width="14" height="10" rx="1.5" fill="currentColor" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * An archive's folders and files (zip, 7z, tar, tar.gz, RAR): a folder listing with a breadcrumb
 * (name, size, date), the count and total size; a file opens in the same viewers, inside this one,
 * with a way back. Encrypted zip entries ask for the password.
 */
export default function ArchiveViewer({ source, label, onError }: ViewerProps) {
  const { t, i18n } = useTranslation(VIEWERS_NAMESPACE);
  const [handle, setHandle] = useState<ArchiveHandle | null>(null);
  const [folderPath, setFolderPath] = useState('');
  const [shownRows, setShownRows] = useState(PAGE_ROWS);
  const [opened, setOpened] = useState<{ entry: ArchiveEntry; source: FileSource } | null>(null);
  const [busy, setBusy] = useState<ArchiveEntry | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [ask, setAsk] = useState<PasswordAsk | null>(null);
  const passwordRef = useRef<string | undefined>(undefined);
  const extraction = useRef<AbortController | null>(null);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const preferChinese = i18n.language?.startsWith('zh') ?? false;

  useEffect(() => {
    const controller = new AbortController();
    let current: ArchiveHandle | null = null;
    setHandle(null);
    setOpened(null);
    setFolderPath('');
    openArchive(source, { signal: controller.signal, preferChinese }).then(
      (archive) => {
        if (controller.signal.aborted) return archive.close();
        current = archive;
        setHandle(archive);
      },
      (error) => {
        if (!controller.signal.aborted) onErrorRef.current(error);
      },
    );
    return () => {
      controller.abort();
      extraction.current?.abort();
      current?.close();
    };
    // The archive is read again only for another file: not for a new but equal source object, nor
    // when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the file's identity, not the object
  }, [source.url, source.name, source.size, source.blob]);

  const tree = useMemo(() => (handle ? buildTree(handle.entries) : null), [handle]);
  const folder = tree ? folderAt(tree, folderPath) : null;
  const rows = useMemo(() => {
    if (!folder) return [];
    const folders = [...folder.folders.values()].sort((a, b) => compareNames(a.name, b.name));
    const files = [...folder.files].sort((a, b) => compareNames(baseName(a.path), baseName(b.path)));
    return [...folders.map((node) => ({ folder: node })), ...files.map((entry) => ({ entry }))];
  }, [folder]);

  const goTo = useCallback((path: string) => {
    setFolderPath(path);
    setShownRows(PAGE_ROWS);
    setNotice(null);
    setAsk(null);
  }, []);

  const open = useCallback(
    async (entry: ArchiveEntry, password?: string) => {
      if (!handle) return;
      extraction.current?.abort();
      const controller = new AbortController();
      extraction.current = controller;
      setNotice(null);
      setBusy(entry);
      const name = baseName(entry.path);
      try {
        const blob = await handle.extract(entry, entry.encrypted ? (password ?? passwordRef.current) : undefined, controller.signal);
        if (controller.signal.aborted) return;
        if (entry.encrypted) passwordRef.current = password ?? passwordRef.current;
        setAsk(null);
        setOpened({ entry, source: { name, size: blob.size, blob } });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof PasswordNeededError) setAsk({ entry, wrong: false });
        else if (error instanceof WrongPasswordError) setAsk({ entry, wrong: password !== undefined });
        else {
          setAsk(null);
          const reason = error instanceof EntryError ? error.reason : 'damaged';
          setNotice({ key: reason === 'too-large' ? 'tooLarge' : reason === 'unsupported' ? 'unsupportedEntry' : 'damagedEntry', name });
        }
      } finally {
        if (extraction.current === controller) setBusy(null);
      }
    },
    [handle],
  );

  if (!handle || !tree || !folder) return <ViewerLoading />;

  if (opened) {
    return (
      <section className="cv-archive cv-archive--entry" data-testid="viewer-archive" aria-label={label}>
        <div className="cv-archive-entrybar">
          <button type="button" className="cc-button" onClick={() => setOpened(null)} data-testid="archive-back">
            <span aria-hidden="true">← </span>
            {t('archive.back')}
          </button>
          <span className="cv-archive-entryname" title={opened.entry.path}>
            {opened.entry.path}
          </span>
        </div>
        <div className="cv-archive-entryview">
          <FileViewer source={opened.source} />
        </div>
      </section>
    );
  }

  const crumbs: FolderNode[] = [];
  for (let node: FolderNode = tree.root, parts = folderPath ? folderPath.split('/') : []; ;) {
    crumbs.push(node);
    const part = parts.shift();
    if (part === undefined) break;
    const next = node.folders.get(part);
    if (!next) break;
    node = next;
  }

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ask) return;
    const value = String(new FormData(event.currentTarget).get('password') ?? '');
    if (value) void open(ask.entry, value);
  };

  const date = (ms: number | null) => (ms === null ? '' : formatDateTime(ms, i18n.language));

  return (
    <section className="cv-archive cv-stack" data-testid="viewer-archive" aria-label={label}>
      <div className="cv-archive-summary" data-testid="archive-summary">
        {t('archive.summary', { count: tree.fileCount, size: formatBytes(tree.totalSize) })}
      </div>
      {handle.truncated && (
        <p className="cv-archive-warning" role="status">
          {t('archive.truncated', { count: handle.entries.length })}
        </p>
      )}
      <nav className="cv-archive-crumbs" aria-label={t('archive.breadcrumb')}>
        {crumbs.map((node, index) => (
          <span key={node.path} className="cv-archive-crumb">
            {index > 0 && (
              <span className="cv-archive-crumbsep" aria-hidden="true">
                /
              </span>
            )}
            {index === crumbs.length - 1 ? (
              <span aria-current="location">{index === 0 ? source.name : node.name}</span>
            ) : (
              <button type="button" className="cv-archive-crumbbutton" onClick={() => goTo(node.path)}>
                {index === 0 ? source.name : node.name}
              </button>
            )}
          </span>
        ))}
      </nav>
      {ask && (
        <form className="cv-archive-password" onSubmit={submitPassword} data-testid="archive-password">
          <p>{t('archive.passwordPrompt', { name: baseName(ask.entry.path) })}</p>
          {ask.wrong && (
            <p className="cv-archive-error" role="alert">
              {t('archive.wrongPassword')}
            </p>
          )}
          <div className="cv-archive-passwordrow">
            <input
              key={ask.wrong ? 'again' : 'first'}
              className="cc-input"
              type="password"
              name="password"
              autoComplete="off"
              aria-label={t('archive.password')}
              placeholder={t('archive.password')}
              autoFocus
              disabled={busy !== null}
            />
            <button type="submit" className="cc-button cc-button--primary" disabled={busy !== null}>
              {t('archive.submit')}
            </button>
            <button type="button" className="cc-button" onClick={() => setAsk(null)}>
              {t('archive.cancel')}
            </button>
          </div>
        </form>
      )}
      {notice && (
        <p className="cv-archive-error" role="alert" data-testid="archive-notice">
          {t(`archive.${notice.key}`, { name: notice.name })}
        </p>
      )}
      {busy && !ask && (
        <p className="cv-archive-busy" role="status">
          {t('archive.opening', { name: baseName(busy.path) })}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="cv-archive-empty">{folderPath ? t('archive.emptyFolder') : t('archive.empty')}</p>
      ) : (
        <div
          className="cv-archive-table"
          role="table"
          aria-label={t('archive.listLabel', { name: crumbs[crumbs.length - 1]?.name || source.name })}
        >
          <div className="cv-archive-row cv-archive-head" role="row">
            <span role="columnheader">{t('archive.columnName')}</span>
            <span role="columnheader" className="cv-archive-size">
              {t('archive.columnSize')}
            </span>
            <span role="columnheader" className="cv-archive-date">
              {t('archive.columnModified')}
            </span>
          </div>
          {rows.slice(0, shownRows).map((row) =>
            'folder' in row ? (
              <div key={`d:${row.folder.path}`} className="cv-archive-row" role="row">
                <span role="cell" className="cv-archive-name">
                  <button type="button" className="cv-archive-open" onClick={() => goTo(row.folder.path)} data-kind="folder">
                    <FolderIcon />
                    <span className="cv-archive-label">{row.folder.name}</span>
                  </button>
                </span>
                <span role="cell" className="cv-archive-size">
                  {t('archive.folderItems', { count: row.folder.folders.size + row.folder.files.length })}
                </span>
                <span role="cell" className="cv-archive-date">
                  {date(row.folder.entry?.modified ?? null)}
                </span>
              </div>
            ) : (
              <div key={`f:${row.entry.index}`} className="cv-archive-row" role="row">
                <span role="cell" className="cv-archive-name">
                  <button
                    type="button"
                    className="cv-archive-open"
                    onClick={() => void open(row.entry)}
                    aria-busy={busy === row.entry}
                    data-kind="file"
                  >
                    <FileIcon />
                    <span className="cv-archive-label">{baseName(row.entry.path)}</span>
                    {row.entry.encrypted && <LockIcon label={t('archive.encrypted')} />}
                  </button>
                </span>
                <span role="cell" className="cv-archive-size">
                  {row.entry.size >= 0 ? formatBytes(row.entry.size) : ''}
                </span>
                <span role="cell" className="cv-archive-date">
                  {date(row.entry.modified)}
                </span>
              </div>
            ),
          )}
        </div>
      )}
      {rows.length > shownRows && (
        <button type="button" className="cc-button cv-archive-more" onClick={() => setShownRows((n) => n + PAGE_ROWS)}>
          {t('archive.showMore', { count: Math.min(PAGE_ROWS, rows.length - shownRows) })}
        </button>
      )}
    </section>
  );
}
