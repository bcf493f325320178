import { parseApiTimestamp, type FsListItem } from '@cloudclip/shared-kernel';

export const SORT_FIELDS = ['name', 'size', 'modified'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function sizeOf(item: FsListItem): number {
  return 'size' in item && typeof item.size === 'number' ? item.size : -1;
}

function timeOf(item: FsListItem): number {
  const value = 'modified' in item ? item.modified : undefined;
  return parseApiTimestamp(value ?? null)?.getTime() ?? -1;
}

/**
 * Folders first, then files; inside each group by the field (name as a tie-breaker), ascending or
 * descending. Unknown sizes and dates sort as the smallest. Returns a new array.
 */
export function sortItems<T extends FsListItem>(items: readonly T[], field: SortField, order: SortOrder): T[] {
  const direction = order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
    let result = 0;
    if (field === 'size') result = sizeOf(a) - sizeOf(b);
    else if (field === 'modified') result = timeOf(a) - timeOf(b);
    if (result === 0) result = collator.compare(a.name, b.name);
    return result * direction;
  });
}
