import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/**
 * A dialog that shows something (no form): its footer is the dialog's own `action` button, then the
 * primary Close button; closing by Close or the × calls `onClose`. Content is destroyed when hidden.
 */
export function InfoModal({
  open,
  title,
  onClose,
  width,
  action,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  width?: number;
  /** The button before Close (with a `key`). */
  action: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={width}
      destroyOnHidden
      footer={[
        action,
        <Button key="close" type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
