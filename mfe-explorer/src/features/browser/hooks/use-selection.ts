import { useCallback, useEffect, useState } from 'react';
import type { FsListItem } from '@cloudclip/shared-kernel';

const isVirtual = (item: FsListItem) => 'isVirtual' in item && item.isVirtual;

/** The checked entries of the listing (by path); emptied when the folder changes. Mounts are never selectable. */
export function useSelection(items: FsListItem[], directory: string) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => setSelected(new Set()), [directory]);

  const toggle = useCallback(
    (item: FsListItem) =>
      setSelected((previous) => {
        const next = new Set(previous);
        if (next.has(item.path)) next.delete(item.path);
        else next.add(item.path);
        return next;
      }),
    [],
  );

  const toggleAll = () => {
    const selectable = items.filter((item) => !isVirtual(item));
    setSelected((previous) =>
      selectable.length > 0 && selectable.every((item) => previous.has(item.path))
        ? new Set()
        : new Set(selectable.map((item) => item.path)),
    );
  };

  const clear = useCallback(() => setSelected(new Set()), []);

  return { selected, selectedItems: items.filter((item) => selected.has(item.path)), toggle, toggleAll, clear };
}
