import { STORAGE_KEYS, type SafeStorage } from '@cloudclip/shared-kernel';
import { SORT_FIELDS, type SortField, type SortOrder } from '../utils/sort-items';

export type ViewMode = 'list' | 'grid';

export interface ViewSettings {
  view: ViewMode;
  sortField: SortField;
  sortOrder: SortOrder;
}

export const DEFAULT_VIEW_SETTINGS: ViewSettings = { view: 'list', sortField: 'name', sortOrder: 'asc' };

/** The explorer's view and sort, remembered in the contract's localStorage keys (`file_explorer_*`). */
export function readViewSettings(storage: SafeStorage): ViewSettings {
  const view = storage.get(STORAGE_KEYS.explorerViewMode);
  const field = storage.get(STORAGE_KEYS.explorerSortField);
  const order = storage.get(STORAGE_KEYS.explorerSortOrder);
  return {
    view: view === 'grid' || view === 'list' ? view : DEFAULT_VIEW_SETTINGS.view,
    sortField: (SORT_FIELDS as readonly string[]).includes(field ?? '') ? (field as SortField) : DEFAULT_VIEW_SETTINGS.sortField,
    sortOrder: order === 'desc' || order === 'asc' ? order : DEFAULT_VIEW_SETTINGS.sortOrder,
  };
}

export function writeViewSettings(storage: SafeStorage, settings: ViewSettings): void {
  storage.set(STORAGE_KEYS.explorerViewMode, settings.view);
  storage.set(STORAGE_KEYS.explorerSortField, settings.sortField);
  storage.set(STORAGE_KEYS.explorerSortOrder, settings.sortOrder);
}
