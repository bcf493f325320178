import { useCallback, useMemo, useState } from 'react';
import { RecentUploadsStore, type RecentUpload } from '../stores/recent-uploads-store';
import { useKernel } from '@cloudclip/shared-kernel';

/** The recent-uploads list as React state, backed by localStorage. */
export function useRecentUploads() {
  const kernel = useKernel();
  const store = useMemo(() => new RecentUploadsStore(kernel.storage), [kernel]);
  const [items, setItems] = useState<RecentUpload[]>(() => store.list());
  const add = useCallback((entry: RecentUpload) => setItems(store.add(entry)), [store]);
  const remove = useCallback((slug: string) => setItems(store.remove(slug)), [store]);
  const clear = useCallback(() => setItems(store.clear()), [store]);
  return { items, add, remove, clear };
}
