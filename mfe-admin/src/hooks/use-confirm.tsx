import { useCallback } from 'react';
import { App } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { NAMESPACE } from '../i18n/resources';

export interface DangerConfirm {
  title: ReactNode;
  content?: ReactNode;
  okText?: ReactNode;
  /** Runs when confirmed; the dialog shows a spinner until it settles and stays open if it throws. */
  onOk: () => Promise<void>;
}

/** Every destructive action is confirmed first (App.useApp().modal, never the static Modal). */
export function useDangerConfirm(): (options: DangerConfirm) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    ({ title, content, okText, onOk }: DangerConfirm) => {
      modal.confirm({
        title,
        content,
        icon: <ExclamationCircleFilled />,
        okText: okText ?? t('common:actions.delete'),
        okButtonProps: { danger: true, 'data-testid': 'confirm-ok' } as never,
        cancelText: t('common:actions.cancel'),
        cancelButtonProps: { 'data-testid': 'confirm-cancel' } as never,
        onOk,
        rootClassName: 'cc-admin-confirm',
      });
    },
    [modal, t],
  );
}
