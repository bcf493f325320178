import { useCallback, useEffect, useState } from 'react';
import { useKernel, errorText } from '@cloudclip/shared-kernel';
import type { S3Config } from '@cloudclip/shared-kernel';

export interface StorageConfigsState {
  configs: S3Config[];
  loading: boolean;
  error: string | null;
  reload: () => void;
}

const isDefault = (config: S3Config) => config.is_default === 1;

/** The configuration to preselect: the default one, else the first. */
export function preselectedConfig(configs: readonly S3Config[]): S3Config | undefined {
  return configs.find(isDefault) ?? configs[0];
}

/** `GET /s3-configs` (admins: their own; keys: public ones), reloaded when `enabled` turns on. */
export function useStorageConfigs(enabled: boolean): StorageConfigsState {
  const kernel = useKernel();
  const [state, setState] = useState<{ configs: S3Config[]; loading: boolean; error: string | null }>({
    configs: [],
    loading: enabled,
    error: null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    kernel.api.s3Configs
      .list(controller.signal)
      .then((configs) => setState({ configs, loading: false, error: null }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({ configs: [], loading: false, error: errorText(error, kernel.i18n.t('errors.requestFailed')) });
      });
    return () => controller.abort();
  }, [kernel, enabled, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

export { isDefault as isDefaultConfig };
