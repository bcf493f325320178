import { useCallback, useEffect, useRef, useState } from 'react';
import {
  emptyDraft,
  validateUploadOptions,
  type OptionErrors,
  type UploadOptions,
  type UploadOptionsDraft,
} from '../../../lib/upload-options';
import { preselectedConfig, useStorageConfigs } from './use-storage-configs';

/** The options form of the page: draft, field errors, storage configurations and batch validation. */
export function useUploadOptions(enabled: boolean) {
  const storage = useStorageConfigs(enabled);
  const [draft, setDraft] = useState<UploadOptionsDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<OptionErrors>({});
  const draftRef = useRef(draft);
  draftRef.current = draft;

  // The default configuration is preselected once the list arrives (or when the chosen one vanished).
  useEffect(() => {
    if (storage.configs.length === 0) return;
    if (storage.configs.some((config) => config.id === draftRef.current.storageConfigId)) return;
    const chosen = preselectedConfig(storage.configs);
    if (chosen) setDraft((previous) => ({ ...previous, storageConfigId: chosen.id }));
  }, [storage.configs]);

  const setField = useCallback(<K extends keyof UploadOptionsDraft>(field: K, value: UploadOptionsDraft[K]) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      if (!(field in previous)) return previous;
      const next = { ...previous };
      delete next[field as keyof OptionErrors];
      return next;
    });
  }, []);

  /** Validates the draft for a batch of `fileCount` files; shows the errors and returns null when invalid. */
  const resolve = useCallback((fileCount: number): UploadOptions | null => {
    const result = validateUploadOptions(draftRef.current, { fileCount });
    setErrors(result.errors);
    return result.valid ? result.value : null;
  }, []);

  return { draft, setField, errors, resolve, storage };
}

export type UploadOptionsController = ReturnType<typeof useUploadOptions>;
