import { useCallback, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import type { ViewMode } from '../stores/view-settings';
import { gridColumns, gridRowCount } from '../../../lib/virtual-window';
import { VirtualScroller } from '../../../components/virtual-scroller';
import { CardRow, GRID_ROW_HEIGHT, LIST_COLUMNS, LIST_ROW_HEIGHT, ListHeader, ListRow, type EntryProps } from './file-row';

const GRID_MIN_CELL = 140;
const GRID_GAP = 12;

interface FileListProps extends EntryProps {
  items: FsListItem[];
  view: ViewMode;
  directory: string;
  onToggleAll: () => void;
}

type Control = 'select' | 'open' | 'actions';

/**
 * The listing in list or grid view, virtualised: 5,000 entries keep only a screenful in the DOM.
 * It is an ARIA grid whose row and column counts describe the whole folder, so a screen reader can
 * move through it row by row although only the rows in view exist.
 */
export function FileList({ items, view, directory, onToggleAll, ...entry }: FileListProps) {
  const { t } = useTranslation(NAMESPACE);
  const { selected, selectable } = entry;
  const [columns, setColumns] = useState(4);
  const onWidth = useCallback((width: number) => setColumns(gridColumns(width - 16, GRID_MIN_CELL, GRID_GAP)), []);
  const perRow = view === 'grid' ? columns : 1;
  const rowCount = view === 'grid' ? gridRowCount(items.length, columns) : items.length;
  const allSelected = selectable && items.length > 0 && items.every((item) => selected.has(item.path));

  const renderRow =
    view === 'grid'
      ? (row: number) => <CardRow key={`row-${row}`} items={items} row={row} perRow={perRow} entry={entry} />
      : (index: number) => <ListRow key={items[index]!.path} item={items[index]!} index={index} entry={entry} />;

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
      <div
        role="grid"
        aria-label={t('list.label', { count: items.length })}
        aria-rowcount={view === 'grid' ? rowCount : items.length + 1}
        aria-colcount={view === 'grid' ? perRow : LIST_COLUMNS}
        aria-multiselectable={selectable || undefined}
        data-testid="file-grid"
      >
        {view === 'list' && <ListHeader />}
        <VirtualScroller
          rowCount={rowCount}
          rowHeight={view === 'grid' ? GRID_ROW_HEIGHT : LIST_ROW_HEIGHT}
          renderRow={renderRow}
          onWidth={onWidth}
          testId="file-scroller"
          onKeyDown={onKeyDown}
          resetKey={`${directory}|${view}`}
        />
      </div>
    </div>
  );
}
