import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatBytes, type FsListItem, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { FileIcon } from '../../../components/file-icon';

export const LIST_ROW_HEIGHT = 48;
export const GRID_ROW_HEIGHT = 148;
/** Columns of the list view: select, name, size, modified, actions. */
export const LIST_COLUMNS = 5;

/** What a row or card needs besides its entry. */
export interface EntryProps {
  selected: ReadonlySet<string>;
  selectable: boolean;
  onToggle: (item: FsListItem) => void;
  onActions: (item: FsListItem) => void;
  /** Where a click on the item goes (folder route, or the preview query of a file). */
  hrefOf: (item: FsListItem) => string;
}

const isVirtual = (item: FsListItem) => 'isVirtual' in item && item.isVirtual;

function sizeText(item: FsListItem): string {
  return 'size' in item && typeof item.size === 'number' ? formatBytes(item.size) : '';
}

/** The attributes of an entry's element (a list row, or a card in the grid view). */
function entryAttributes(item: FsListItem, { selected, selectable }: EntryProps) {
  const isSelected = selected.has(item.path);
  return {
    'aria-selected': selectable && !isVirtual(item) ? isSelected : undefined,
    'data-testid': 'file-row',
    'data-name': item.name,
    'data-path': item.path,
    'data-kind': item.isDirectory ? 'folder' : 'file',
    'data-selected': isSelected ? 'true' : 'false',
  };
}

function SelectBox({ item, index, entry }: { item: FsListItem; index: number; entry: EntryProps }) {
  const { t } = useTranslation(NAMESPACE);
  if (!entry.selectable || isVirtual(item)) return <span className="ce-check-placeholder" aria-hidden="true" />;
  return (
    <input
      type="checkbox"
      className="ce-check"
      checked={entry.selected.has(item.path)}
      onChange={() => entry.onToggle(item)}
      aria-label={t('list.select', { name: item.name })}
      data-focus={`select-${index}`}
      data-testid="row-select"
    />
  );
}

function OpenLink({
  item,
  index,
  className,
  hrefOf,
}: {
  item: FsListItem;
  index: number;
  className: string;
  hrefOf: EntryProps['hrefOf'];
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Link className={className} to={hrefOf(item)} data-focus={`open-${index}`} data-testid="row-open" title={item.name}>
      {item.name}
      {item.isDirectory && <span className="cc-visually-hidden"> ({t('list.folder')})</span>}
    </Link>
  );
}

function ActionsButton({ item, index, onActions }: { item: FsListItem; index: number; onActions: EntryProps['onActions'] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
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
}

/** The header row of the list view (row 1 of the grid). */
export function ListHeader() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="ce-list__head" role="row" aria-rowindex={1}>
      <span className="ce-row__check" role="columnheader" aria-colindex={1}>
        <span className="cc-visually-hidden">{t('list.selectColumn')}</span>
      </span>
      <span className="ce-row__name-cell" role="columnheader" aria-colindex={2}>
        <span className="ce-list__head-icon" aria-hidden="true" />
        <span className="ce-row__name">{t('list.name')}</span>
      </span>
      <span className="ce-row__size" role="columnheader" aria-colindex={3}>
        {t('list.size')}
      </span>
      <span className="ce-row__date" role="columnheader" aria-colindex={4}>
        {t('list.modified')}
      </span>
      <span className="ce-row__actions" role="columnheader" aria-colindex={5}>
        <span className="cc-visually-hidden">{t('list.actionsColumn')}</span>
      </span>
    </div>
  );
}

/** Entry `index` as a row of the list view: its row index counts the header row. */
export function ListRow({ item, index, entry }: { item: FsListItem; index: number; entry: EntryProps }) {
  const { i18n } = useTranslation(NAMESPACE);
  return (
    <div {...entryAttributes(item, entry)} className="ce-row" role="row" aria-rowindex={index + 2} style={{ height: LIST_ROW_HEIGHT }}>
      <span className="ce-row__check" role="gridcell" aria-colindex={1}>
        <SelectBox item={item} index={index} entry={entry} />
      </span>
      <span className="ce-row__name-cell" role="gridcell" aria-colindex={2}>
        <FileIcon item={item} />
        <OpenLink item={item} index={index} className="ce-row__name" hrefOf={entry.hrefOf} />
      </span>
      <span className="ce-row__size" role="gridcell" aria-colindex={3} data-testid="row-size">
        {sizeText(item)}
      </span>
      <span className="ce-row__date" role="gridcell" aria-colindex={4} data-testid="row-date">
        {'modified' in item ? formatDateTime(item.modified, i18n.language) : ''}
      </span>
      <span className="ce-row__actions" role="gridcell" aria-colindex={5}>
        <ActionsButton item={item} index={index} onActions={entry.onActions} />
      </span>
    </div>
  );
}

/** Grid-view row `row`: up to `perRow` cards, each a cell. */
export function CardRow({ items, row, perRow, entry }: { items: FsListItem[]; row: number; perRow: number; entry: EntryProps }) {
  const cells = items.slice(row * perRow, row * perRow + perRow);
  return (
    <div
      className="ce-grid-row"
      role="row"
      aria-rowindex={row + 1}
      style={{ height: GRID_ROW_HEIGHT, gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))` }}
    >
      {cells.map((item, offset) => {
        const index = row * perRow + offset;
        return (
          <div key={item.path} {...entryAttributes(item, entry)} className="ce-cell" role="gridcell" aria-colindex={offset + 1}>
            <div className="ce-cell__top">
              <SelectBox item={item} index={index} entry={entry} />
              <ActionsButton item={item} index={index} onActions={entry.onActions} />
            </div>
            <FileIcon item={item} large />
            <OpenLink item={item} index={index} className="ce-cell__name" hrefOf={entry.hrefOf} />
            <span className="ce-cell__meta">{sizeText(item)}</span>
          </div>
        );
      })}
    </div>
  );
}
