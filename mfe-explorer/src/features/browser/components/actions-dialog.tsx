import { useTranslation } from 'react-i18next';
import type { FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Dialog } from '../../../components/dialog';

export type ItemAction = 'open' | 'download' | 'link' | 'edit' | 'rename' | 'copy' | 'delete';

/** The actions of one entry, as a small dialog (works the same with mouse, keyboard and on a phone). */
export function ActionsDialog({
  item,
  actions,
  onPick,
  onClose,
}: {
  item: FsListItem;
  actions: ItemAction[];
  onPick: (action: ItemAction) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Dialog title={t('actions.title', { name: item.name })} onClose={onClose} testId="actions-dialog">
      <ul className="ce-menu">
        {actions.map((action) => (
          <li key={action}>
            <button
              type="button"
              className={`cc-button ce-menu__item${action === 'delete' ? ' ce-menu__item--danger' : ''}`}
              onClick={() => onPick(action)}
              data-testid={`action-${action}`}
            >
              {t(`actions.${action === 'open' ? (item.isDirectory ? 'openFolder' : 'preview') : action}`)}
            </button>
          </li>
        ))}
      </ul>
      <div className="cc-dialog__actions">
        <button type="button" className="cc-button" onClick={onClose}>
          {t('common:actions.close')}
        </button>
      </div>
    </Dialog>
  );
}
