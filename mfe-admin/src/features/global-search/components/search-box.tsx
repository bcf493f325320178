import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Input, Spin, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { hitKey, hitPath } from '../api/search-hits';
import { useGlobalSearch } from '../hooks/use-global-search';
import { SearchHit } from './search-hit';

interface SearchBoxProps {
  /** A module's path under the remote's basename. */
  pathOf: (module: string) => string;
  /** In the phone's full-width search: the results flow under the box instead of floating over the page. */
  inline?: boolean;
  autoFocus?: boolean;
  /** Called once a hit was opened (the phone's search closes). */
  onOpened?: () => void;
}

/**
 * The search field and its results, as an ARIA combobox: ↓/↑ move through the hits, Enter opens the
 * one chosen (or searches now), Escape closes the results. Opening a hit goes to its management table
 * searched for its link suffix. Colours come from the antd theme, so the dark theme applies.
 */
export function SearchBox({ pathOf, inline = false, autoFocus = false, onOpened }: SearchBoxProps) {
  const { t } = useTranslation(NAMESPACE);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const search = useGlobalSearch();
  const { hits, status } = search;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const listRef = useRef<HTMLUListElement>(null);
  const shown = (open || inline) && status !== 'idle';

  // A new search starts from the box again.
  useEffect(() => setActive(-1), [search.query, status]);
  useEffect(() => {
    if (active < 0) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const openHit = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    setOpen(false);
    navigate(hitPath(hit, pathOf));
    onOpened?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (hits.length) setActive((index) => Math.min(index + 1, hits.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, -1));
        break;
      case 'Enter':
        event.preventDefault();
        if (shown && active >= 0) openHit(active);
        else {
          setOpen(true);
          search.submit(search.text);
        }
        break;
      case 'Escape':
        if (shown) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div
      className={`cc-admin-global-search${inline ? ' cc-admin-global-search--inline' : ''}`}
      data-testid="global-search"
      data-state={status}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Input
        type="search"
        role="combobox"
        aria-label={t('globalSearch.label')}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        placeholder={t('globalSearch.placeholder')}
        prefix={<SearchOutlined aria-hidden />}
        value={search.text}
        onChange={(event) => {
          setOpen(true);
          search.change(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        allowClear
        data-testid="global-search-input"
      />
      {shown && (
        <div
          className="cc-admin-global-search__panel"
          data-testid="global-search-panel"
          // Clicking in the results must not take the focus from the box (which would close them).
          onMouseDown={(event) => event.preventDefault()}
          style={
            inline
              ? undefined
              : {
                  background: token.colorBgElevated,
                  boxShadow: token.boxShadowSecondary,
                  borderRadius: token.borderRadiusLG,
                  border: `1px solid ${token.colorBorderSecondary}`,
                }
          }
        >
          <div role="status" className="cc-admin-global-search__status" style={{ color: token.colorTextSecondary }}>
            {status === 'loading' && (
              <>
                <Spin size="small" /> {t('globalSearch.searching')}
              </>
            )}
            {status === 'results' && t('globalSearch.count', { count: search.total })}
            {status === 'empty' && <span data-testid="global-search-empty">{t('globalSearch.empty', { query: search.query })}</span>}
          </div>
          {(status === 'error' || status === 'invalid' || (status === 'results' && search.message)) && (
            <Alert type="error" showIcon message={search.message} data-testid="global-search-error" />
          )}
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={t('globalSearch.results')}
            className="cc-admin-global-search__list"
            data-testid="global-search-results"
          >
            {status === 'results' &&
              hits.map((hit, index) => (
                <li
                  key={hitKey(hit)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  data-index={index}
                  data-testid="global-search-hit"
                  data-kind={hit.kind}
                  data-slug={hit.slug}
                  className="cc-admin-global-search__option"
                  style={index === active ? { background: token.controlItemBgActive } : undefined}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => openHit(index)}
                >
                  <SearchHit hit={hit} />
                </li>
              ))}
          </ul>
          {search.hasMore && (
            <Button block type="text" onClick={search.more} loading={search.loadingMore} data-testid="global-search-more">
              {t('globalSearch.more')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
