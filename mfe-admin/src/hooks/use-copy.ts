import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

/** Copies a text and says so (or says it failed). */
export function useCopy(): (text: string, successKey?: string) => Promise<void> {
  const { message } = App.useApp();
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    async (text: string, successKey = 'common:actions.copied') => {
      if (await copyText(text)) void message.success(t(successKey));
      else void message.error(t('actions.copyFailed'));
    },
    [message, t],
  );
}
