import { useCallback, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatBytes, type FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { formatDateTime } from '../../../lib/format';
import type { ViewMode } from '../stores/view-settings';
import { gridColumns, gridRowCount } from '../utils/virtual-window';
import { VirtualScroller } from './virtual-scroller';
import { FileIcon } from './file-icon';

export const LIST_ROW_HEIGHT = 48;
export const GRID_ROW_HEIGHT = 148;
const GRID_MIN_CELL = 140;
const GRID_GAP = 12;

interface FileListProps {
  items: FsListItem[];
  view: ViewMode;
  directory: string;
  selected: ReadonlySet<string>;
  selectable: boolean;
  onToggle: (item: FsListItem) => void;
  onToggleAll: () => void;
  onActions: (item: FsListItem) => void;
  /** Where a click on the item goes (folder route, or the preview query of a file). */
  hrefOf: (item: FsListItem) => string;
}

function sizeText(item: FsListItem): string {
  return 'size' in item && typeof item.size === 'number' ? formatBytes(item.size) : '';
}

function modifiedText(item: FsListItem, language: string): string {
  return 'modified' in item ? formatDateTime(item.modified, language) : '';
}

type Control = 'select' | 'open' | 'actions';

/** The listing in list or grid view, virtualised: 5,000 entries keep only a screenful in the DOM. */
export function FileList({ items, view, directory, selected, selectable, onToggle, onToggleAll, onActions, hrefOf }: FileListProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const [columns, setColumns] = useState(4);
  const onWidth = useCallback((width: number) => setColumns(gridColumns(width - 16, GRID_MIN_CELL, GRID_GAP)), []);
  const language = i18n.language;
  const perRow = view === 'grid' ? columns : 1;
  const rowCount = view === 'grid' ? gridRowCount(items.length, columns) : items.length;
  const allSelected = selectable && items.length > 0 && items.every((item) => selected.has(item.path));

  const selectBox = (item: FsListItem, index: number) =>
    selectable && !('isVirtual' in item && item.isVirtual) ? (
      <input
        type="checkbox"
        className="ce-check"
        checked={selected.has(item.path)}
        onChange={() => onToggle(item)}
        aria-label={t('list.select', { name: item.name })}
        data-focus={`select-${index}`}
        data-testid="row-select"
      />
    ) : (
      <span className="ce-check-placeholder" aria-hidden="true" />
    );

  const openLink = (item: FsListItem, index: number, className: string) => (
    <Link className={className} to={hrefOf(item)} data-focus={`open-${index}`} data-testid="row-open" title={item.name}>
      {item.name}
      {item.isDirectory && <span className="ce-visually-hidden"> ({t('list.folder')})</span>}
    </Link>
  );

  const actionsButton = (item: FsListItem, index: number) => (
    <button
      type="button"
      className="ce-icon-button"
      onClick={() => onActions(item)}
      aria-label={t('list.actionsFor', { name: item.name })}
      data-focus={`actions-${index}`}
      data-testid="row-actions"
    >
      <span aria-hidden="true">⋯</span>
    </button>
  );

  const rowProps = (item: FsListItem, index: number) => ({
    role: 'listitem',
    'aria-posinset': index + 1,
    'aria-setsize': items.length,
    'data-testid': 'file-row',
    'data-name': item.name,
    'data-path': item.path,
    'data-kind': item.isDirectory ? 'folder' : 'file',
    'data-selected': selected.has(item.path) ? 'true' : 'false',
  });

  const renderListRow = (index: number) => {
    const item = items[index]!;
    return (
      <div key={item.path} {...rowProps(item, index)} className="ce-row" style={{ height: LIST_ROW_HEIGHT }}>
        {selectBox(item, index)}
        <FileIcon item={item} />
        {openLink(item, index, 'ce-row__name')}
        <span className="ce-row__size" data-testid="row-size">
          {sizeText(item)}
        </span>
        <span className="ce-row__date" data-testid="row-date">
          {modifiedText(item, language)}
        </span>
        {actionsButton(item, index)}
      </div>
    );
  };

  const renderGridRow = (row: number) => {
    const cells = items.slice(row * perRow, row * perRow + perRow);
    return (
      <div
        key={`row-${row}`}
        className="ce-grid-row"
        style={{ height: GRID_ROW_HEIGHT, gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}
        role="presentation"
      >
        {cells.map((item, offset) => {
          const index = row * perRow + offset;
          return (
            <div key={item.path} {...rowProps(item, index)} className="ce-cell">
              <div className="ce-cell__top">
                {selectBox(item, index)}
                {actionsButton(item, index)}
              </div>
              <FileIcon item={item} large />
              {openLink(item, index, 'ce-cell__name')}
              <span className="ce-cell__meta">{sizeText(item)}</span>
            </div>
          );
        })}
      </div>
    );
  };

  // Arrow keys move between entries (same control), Home/End jump; the window scrolls along.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, reveal: (row: number, selector: string) => void) => {
    const focus = (event.target as HTMLElement).getAttribute('data-focus');
    if (!focus) return;
    const [control, rawIndex] = focus.split('-') as [Control, string];
    const index = Number(rawIndex);
    let next = index;
    if (event.key === 'ArrowDown') next = index + perRow;
    else if (event.key === 'ArrowUp') next = index - perRow;
    else if (event.key === 'ArrowRight' && view === 'grid') next = index + 1;
    else if (event.key === 'ArrowLeft' && view === 'grid') next = index - 1;
    else if (event.key === 'Home' && event.ctrlKey) next = 0;
    else if (event.key === 'End' && event.ctrlKey) next = items.length - 1;
    else return;
    event.preventDefault();
    next = Math.max(0, Math.min(items.length - 1, next));
    const target = items[next];
    if (!target) return;
    const wanted = control === 'select' && (!selectable || ('isVirtual' in target && target.isVirtual)) ? 'open' : control;
    reveal(Math.floor(next / perRow), `[data-focus="${wanted}-${next}"]`);
  };

  return (
    <div className={`ce-list ce-list--${view}`} data-testid="file-list" data-view={view}>
      {view === 'list' && (
        <div className="ce-list__head" aria-hidden="true">
          <span className="ce-check-placeholder" />
          <span className="ce-list__head-icon" />
          <span className="ce-row__name">{t('list.name')}</span>
          <span className="ce-row__size">{t('list.size')}</span>
          <span className="ce-row__date">{t('list.modified')}</span>
          <span className="ce-icon-button-placeholder" />
        </div>
      )}
      {selectable && (
        <label className="ce-select-all">
          <input
            type="checkbox"
            className="ce-check"
            checked={allSelected}
            onChange={onToggleAll}
            data-testid="select-all"
            disabled={items.length === 0}
          />
          <span>{t('toolbar.selectAll')}</span>
        </label>
      )}
      <VirtualScroller
        rowCount={rowCount}
        rowHeight={view === 'grid' ? GRID_ROW_HEIGHT : LIST_ROW_HEIGHT}
        renderRow={view === 'grid' ? renderGridRow : renderListRow}
        onWidth={onWidth}
        label={t('list.label', { count: items.length })}
        testId="file-scroller"
        onKeyDown={onKeyDown}
        resetKey={`${directory}|${view}`}
      />
    </div>
  );
}
