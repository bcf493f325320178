import { useCallback, useState } from 'react';
import type { SafeStorage } from '@cloudclip/shared-kernel';
import { readViewSettings, writeViewSettings, type ViewSettings } from '../stores/view-settings';

/** View mode and sort, read once from storage and saved on every change. */
export function useViewSettings(storage: SafeStorage): [ViewSettings, (patch: Partial<ViewSettings>) => void] {
  const [settings, setSettings] = useState<ViewSettings>(() => readViewSettings(storage));
  const update = useCallback(
    (patch: Partial<ViewSettings>) =>
      setSettings((previous) => {
        const next = { ...previous, ...patch };
        writeViewSettings(storage, next);
        return next;
      }),
    [storage],
  );
  return [settings, update];
}
