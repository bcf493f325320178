import { useRef } from 'react';
import { App } from 'antd';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { errorText, useLanguage } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import { useDangerConfirm, type DangerConfirm } from './use-confirm';

/**
 * What every management page (texts, files, keys, mounts, storage) wires up the same way: texts,
 * messages, the table's reload, and requests whose failure is shown
 * as an error message.
 */
export function useManagementTable() {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  const confirm = useDangerConfirm();
  const actionRef = useRef<ActionType>();

  const reload = () => void actionRef.current?.reload();
  const fail = (error: unknown) => void message.error(errorText(error, t('common:errors.requestFailed')));
  /** Runs a request; a failure becomes an error message instead of a rejection. */
  const attempt = async (request: () => Promise<void>) => {
    try {
      await request();
    } catch (error) {
      fail(error);
    }
  };
  /** Asks first (danger dialog), then runs the request; a failure is shown and closes the dialog. */
  const confirmThen = ({ onOk, ...options }: DangerConfirm) => confirm({ ...options, onOk: () => attempt(onOk) });
  /**
   * Deletes after the danger dialog (`title`, `content`): runs `remove`, shows `done` and reloads the
   * table; a failure is shown as an error message.
   */
  const confirmDelete = (texts: { title: string; content: string; done: string }, remove: () => Promise<unknown>) =>
    confirmThen({
      title: texts.title,
      content: texts.content,
      onOk: async () => {
        await remove();
        void message.success(texts.done);
        reload();
      },
    });

  return { t, language, message, confirm, actionRef, reload, fail, attempt, confirmThen, confirmDelete };
}

export type ManagementTableState = ReturnType<typeof useManagementTable>;
