import { useEffect, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

/** The detail requests of a share kind (pastes, files): the admin's and the key holder's. */
interface ShareDetailApi<AdminDetail, UserDetail> {
  adminGet(id: string, signal?: AbortSignal): Promise<AdminDetail>;
  userGet(id: string, signal?: AbortSignal): Promise<UserDetail>;
}

/**
 * Loads the detail of the row a dialog shows (null while loading or without a row); a new row
 * cancels the previous request. A failure is shown as an error message, then `onFailed` runs
 * (give a stable function, e.g. the dialog's close).
 */
export function useShareDetail<AdminDetail, UserDetail>(
  row: { id: string } | null,
  access: 'full' | 'user',
  api: ShareDetailApi<AdminDetail, UserDetail>,
  onFailed?: () => void,
): AdminDetail | UserDetail | null {
  const { message } = App.useApp();
  const { t } = useTranslation(NAMESPACE);
  const [detail, setDetail] = useState<AdminDetail | UserDetail | null>(null);

  useEffect(() => {
    setDetail(null);
    if (!row) return;
    const controller = new AbortController();
    const load: Promise<AdminDetail | UserDetail> =
      access === 'full' ? api.adminGet(row.id, controller.signal) : api.userGet(row.id, controller.signal);
    load.then(setDetail).catch((error: unknown) => {
      if (controller.signal.aborted) return;
      void message.error(errorText(error, t('common:errors.requestFailed')));
      onFailed?.();
    });
    return () => controller.abort();
  }, [row, access, api, message, t, onFailed]);

  return detail;
}
