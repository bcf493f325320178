import { useCallback, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime, type FsSearchHit, type ValidationError } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Loading } from '../../../components/loading';
import { FileIcon } from '../../../components/file-icon';
import { VirtualScroller } from '../../../components/virtual-scroller';
import { routeOfDirectory } from '../../../lib/fs-path';
import type { SearchResults as Results } from '../hooks/use-search-results';
import { SEARCH_PROBLEM_ID, SEARCH_RESULTS_ID } from './search-field';

/** Height of one hit (name over its folder). */
export const SEARCH_ROW_HEIGHT = 60;
/** The next page is asked for when the drawn rows come this close to the last loaded hit. */
const LOAD_AHEAD = 10;

interface SearchResultsProps {
  results: Results;
  /** The query shown (trimmed text of the field). */
  query: string;
  /** The refused query's reason, shown instead of results. */
  problem: ValidationError | null;
  directory: string;
  /** A file hit: preview it in place. */
  onOpenFile: (hit: FsSearchHit) => void;
  /** Escape inside the results: back to the listing. */
  onEscape: () => void;
}

function HitRow({
  hit,
  index,
  total,
  onOpenFile,
}: {
  hit: FsSearchHit;
  index: number;
  total: number;
  onOpenFile: (hit: FsSearchHit) => void;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <div
      className="ce-row ce-search-hit"
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={total}
      style={{ height: SEARCH_ROW_HEIGHT }}
      data-testid="search-hit"
      data-path={hit.path}
      data-kind={hit.isDirectory ? 'folder' : 'file'}
    >
      <span className="ce-row__name-cell">
        <FileIcon item={hit} />
        <span className="ce-search-hit__text">
          {hit.isDirectory ? (
            <Link
              className="ce-row__name ce-search-hit__name"
              to={routeOfDirectory(hit.path)}
              data-search-focus={index}
              data-testid="search-hit-open"
              title={hit.name}
            >
              {hit.name}
              <span className="cc-visually-hidden"> ({t('list.folder')})</span>
            </Link>
          ) : (
            <button
              type="button"
              className="ce-row__name ce-search-hit__name ce-search-hit__file"
              onClick={() => onOpenFile(hit)}
              data-search-focus={index}
              data-testid="search-hit-open"
              title={hit.name}
            >
              {hit.name}
            </button>
          )}
          <Link
            className="ce-search-hit__parent"
            to={routeOfDirectory(hit.parent)}
            aria-label={t('search.openParent', { path: hit.parent })}
            title={hit.parent}
            data-testid="search-hit-parent"
          >
            {hit.parent}
          </Link>
        </span>
      </span>
      <span className="ce-row__size" data-testid="search-hit-size">
        {hit.isDirectory ? '' : formatBytes(hit.size)}
      </span>
      <span className="ce-row__date" data-testid="search-hit-date">
        {formatDateTime(hit.modified, i18n.language)}
      </span>
    </div>
  );
}

/**
 * What a search found below the folder, in place of the listing: a refused query's reason, progress,
 * an error with retry, nothing found, or the hits as a windowed list whose next page loads as it is
 * scrolled to the end. Up and down arrows move between the hits; Enter opens one.
 */
export function SearchResults({ results, query, problem, directory, onOpenFile, onEscape }: SearchResultsProps) {
  const { t } = useTranslation(NAMESPACE);
  const { status, items, total, hasMore, incomplete, more, loadMore } = results;

  const onRange = useCallback(
    (_start: number, end: number) => {
      if (hasMore && more === 'idle' && end >= items.length - LOAD_AHEAD) loadMore();
    },
    [hasMore, more, items.length, loadMore],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, reveal: (row: number, selector: string) => void) => {
    const raw = (event.target as HTMLElement).getAttribute('data-search-focus');
    if (raw === null) return;
    const index = Number(raw);
    let next: number;
    if (event.key === 'ArrowDown') next = index + 1;
    else if (event.key === 'ArrowUp') next = index - 1;
    else if (event.key === 'Home' && event.ctrlKey) next = 0;
    else if (event.key === 'End' && event.ctrlKey) next = items.length - 1;
    else return;
    event.preventDefault();
    next = Math.max(0, Math.min(items.length - 1, next));
    reveal(next, `[data-search-focus="${next}"]`);
  };

  let body;
  if (problem)
    body = (
      <p id={SEARCH_PROBLEM_ID} className="cc-alert cc-alert--warning" role="alert" data-testid="search-problem">
        {t(problem.key, { ns: problem.ns, ...problem.params })}
      </p>
    );
  else if (status === 'error')
    body = (
      <div className="cc-alert cc-alert--error cc-alert--with-action" role="alert" data-testid="search-error">
        <span>
          {t('search.failed')} {results.error}
        </span>
        <button type="button" className="cc-button" onClick={results.retry} data-testid="search-retry">
          {t('common:actions.retry')}
        </button>
      </div>
    );
  else if (status !== 'ready') body = <Loading label={t('search.searching')} testId="search-loading" />;
  else if (items.length === 0)
    body = (
      <div className="ce-empty" data-testid="search-empty">
        <p>{t('search.empty', { query, path: directory })}</p>
      </div>
    );
  else
    body = (
      <>
        <p className="cc-muted ce-count" data-testid="search-count" aria-live="polite">
          {t('search.count', { count: total, path: directory })}
        </p>
        <div className="ce-list ce-search-list" role="list" aria-label={t('search.results', { count: total })}>
          <VirtualScroller
            rowCount={items.length}
            rowHeight={SEARCH_ROW_HEIGHT}
            renderRow={(index) => (
              <HitRow key={items[index]!.path} hit={items[index]!} index={index} total={total} onOpenFile={onOpenFile} />
            )}
            testId="search-scroller"
            onKeyDown={onKeyDown}
            resetKey={`${directory}\n${query}`}
            onRange={onRange}
          />
        </div>
        {more === 'loading' && <Loading label={t('search.loadingMore')} testId="search-more" />}
        {more === 'error' && (
          <div className="cc-alert cc-alert--error cc-alert--with-action" role="alert" data-testid="search-more-error">
            <span>
              {t('search.moreFailed')} {results.moreError}
            </span>
            <button type="button" className="cc-button" onClick={loadMore} data-testid="search-more-retry">
              {t('common:actions.retry')}
            </button>
          </div>
        )}
      </>
    );

  return (
    <section
      id={SEARCH_RESULTS_ID}
      className="ce-search-results"
      aria-label={t('search.region')}
      data-testid="search-results"
      data-state={problem ? 'refused' : status}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onEscape();
      }}
    >
      {incomplete && !problem && (
        <p className="cc-alert cc-alert--info" role="status" data-testid="search-incomplete">
          {t('search.incomplete')}
        </p>
      )}
      {body}
    </section>
  );
}
