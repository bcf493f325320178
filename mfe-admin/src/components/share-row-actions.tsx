import type { ReactNode } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { DeleteOutlined, EllipsisOutlined, EyeOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { IconAction } from './icon-action';
import { deleteAction, editAction } from './management-table';

/** What a share row (paste, file) can do; `onDelete` asks for confirmation itself. */
export interface ShareRowActionHandlers {
  link: string;
  onPreview: () => void;
  onEdit: () => void;
  onCopy: (link: string) => void;
  onQr: (link: string) => void;
  onDelete: () => void;
}

/** The actions column's width: five icon buttons, or on phones preview, edit and "more". */
export const SHARE_ACTIONS_WIDTH = { wide: 190, narrow: 120 } as const;

/**
 * A share row's actions: preview, edit, copy link, QR code and delete as icon buttons; on phones
 * (`narrow`) preview and edit stay buttons and the others are in a "more" menu, so the pinned actions
 * column leaves room for the middle columns.
 */
export function shareRowActions(t: TFunction, handlers: ShareRowActionHandlers, narrow: boolean): ReactNode[] {
  const { link, onPreview, onEdit, onCopy, onQr, onDelete } = handlers;
  const primary = [
    <IconAction key="preview" label={t('actions.preview')} icon={<EyeOutlined />} onClick={onPreview} testId="row-preview" />,
    editAction(t, onEdit),
  ];
  if (narrow) return [...primary, <MoreActions key="more" t={t} handlers={handlers} />];
  return [
    ...primary,
    <IconAction key="copy" label={t('actions.copyLink')} icon={<LinkOutlined />} onClick={() => onCopy(link)} testId="row-copy" />,
    <IconAction key="qr" label={t('actions.qrCode')} icon={<QrcodeOutlined />} onClick={() => onQr(link)} testId="row-qr" />,
    deleteAction(t, onDelete),
  ];
}

/** The "more" button of a share row on phones and its menu: copy link, QR code, delete (danger). */
function MoreActions({ t, handlers: { link, onCopy, onQr, onDelete } }: { t: TFunction; handlers: ShareRowActionHandlers }) {
  const items: MenuProps['items'] = [
    { key: 'copy', label: t('actions.copyLink'), icon: <LinkOutlined />, onClick: () => onCopy(link) },
    { key: 'qr', label: t('actions.qrCode'), icon: <QrcodeOutlined />, onClick: () => onQr(link) },
    { type: 'divider' },
    { key: 'delete', label: t('common:actions.delete'), icon: <DeleteOutlined />, danger: true, onClick: onDelete },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      {/* A Button (not IconAction): the dropdown needs a child that takes a ref. */}
      <Button
        type="text"
        size="small"
        icon={<EllipsisOutlined />}
        aria-label={t('actions.more')}
        aria-haspopup="menu"
        title={t('actions.more')}
        data-testid="row-more"
      />
    </Dropdown>
  );
}
