import type { ReactNode } from 'react';
import { Button, Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** The Modal's own open, title and width, passed through. */
type InfoModalProps = Pick<ModalProps, 'open' | 'title' | 'width'> & {
  onClose: () => void;
  /** The button before Close (with a `key`). */
  action: ReactNode;
  children: ReactNode;
};

/**
 * A dialog that shows something (no form): its footer is the dialog's own `action` button, then the
 * primary Close button; closing by Close or the × calls `onClose`. Content is destroyed when hidden.
 */
export function InfoModal({ onClose, action, children, ...modal }: InfoModalProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal
      {...modal}
      onCancel={onClose}
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
