import { useCallback, useState } from 'react';
import { useCopy } from './use-copy';
import { useManagementTable } from './use-management-table';
import { useNarrowScreen } from './use-narrow-screen';
import { useTableA11y } from './use-table-a11y';

/**
 * The state of a share table page (texts, files): the management table's wiring plus the selected
 * rows, the row being edited or previewed, the link shown as a QR code, and the row actions' handlers.
 */
/** @param access 'full' for the admin (every row), 'user' for a key holder (its own rows) */
export function useSharePage<Row extends { id: string }>(access: 'full' | 'user') {
  const table = useManagementTable();
  const copy = useCopy();
  const tableRef = useTableA11y();
  /** Phones: the row actions put all but preview and edit in a "more" menu. */
  const narrow = useNarrowScreen();
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<Row | null>(null);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const [qrUrl, setQrUrl] = useState<string | null>(null);
  const closeEdit = useCallback(() => setEditing(null), []);
  const closePreview = useCallback(() => setPreviewing(null), []);
  const closeQr = () => setQrUrl(null);
  /** Drops a deleted row from the selection. */
  const unselect = (id: string) => setSelected((current) => current.filter((item) => item.id !== id));
  /** After the edit form saved: close it and reload the table. */
  const saved = () => {
    setEditing(null);
    table.reload();
  };

  /**
   * Deletes one row after the danger dialog (`title`, `content`): runs `remove`, shows `done`, drops
   * the row from the selection and reloads; a failure is shown as an error message.
   */
  const confirmRemove = (row: Row, texts: { title: string; content: string; done: string }, remove: () => Promise<unknown>) =>
    table.confirmDelete(texts, async () => {
      await remove();
      unselect(row.id);
    });

  /** The handlers of shareActionsColumn for a row whose public address is `link`. */
  const rowHandlers = (row: Row, link: string, onDelete: () => void) => ({
    link,
    onPreview: () => setPreviewing(row),
    onEdit: () => setEditing(row),
    onCopy: (url: string) => void copy(url, 'actions.linkCopied'),
    onQr: setQrUrl,
    onDelete,
  });

  return {
    ...table,
    access,
    admin: access === 'full',
    tableRef,
    narrow,
    selected,
    setSelected,
    unselect,
    confirmRemove,
    editing,
    closeEdit,
    saved,
    previewing,
    closePreview,
    qrUrl,
    closeQr,
    rowHandlers,
  };
}

export type SharePageState<Row extends { id: string }> = ReturnType<typeof useSharePage<Row>>;
