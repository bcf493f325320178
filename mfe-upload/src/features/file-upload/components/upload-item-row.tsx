import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { ProgressBar } from '../../../components/progress-bar';
import { ShareResult } from '../../../components/share-result';
import { filePath, formatSpeed, pageUrl } from '../../../lib/format';
import type { UploadItem } from '../utils/upload-queue';

interface UploadItemRowProps {
  item: UploadItem;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

const TONES = { pending: 'muted', uploading: 'active', success: 'success', error: 'error', cancelled: 'muted' } as const;

/** One of a row's buttons: `item.<action>` as its text, `item.<action>Named` (with the file's name) as its label. */
function ItemAction({
  action,
  name,
  onClick,
  ghost = false,
}: {
  action: 'cancel' | 'retry' | 'remove';
  name: string;
  onClick: () => void;
  ghost?: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <button
      type="button"
      className={ghost ? 'cc-button cc-button--small cc-button--ghost' : 'cc-button cc-button--small'}
      onClick={onClick}
      aria-label={t(`item.${action}Named`, { name })}
      data-testid={`item-${action}`}
    >
      {t(`item.${action}`)}
    </button>
  );
}

/** One file of the list: name, size, state, phase, progress, speed, error, result and its actions. */
export function UploadItemRow({ item, onCancel, onRetry, onRemove }: UploadItemRowProps) {
  const { t } = useTranslation(NAMESPACE);
  const active = item.state === 'pending' || item.state === 'uploading';
  const canRetry = (item.state === 'error' && !item.refused) || item.state === 'cancelled';
  const speed = item.state === 'uploading' ? formatSpeed(item.speed) : '';
  return (
    <li
      className="cu-item"
      data-testid="upload-item"
      data-name={item.name}
      data-state={item.state}
      data-phase={item.phase}
      data-percent={item.percent}
    >
      <div className="cu-item__head">
        <span className="cu-item__name cc-fill-ellipsis" title={item.name}>
          {item.name}
        </span>
        <span className="cu-item__size">{formatBytes(item.size)}</span>
      </div>
      <ProgressBar percent={item.percent} label={t('item.progressLabel', { name: item.name })} tone={TONES[item.state]} />
      <div className="cu-item__meta">
        <span className={`cu-badge cu-badge--${item.state}`} data-testid="item-state">
          {t(`item.states.${item.state}`)}
        </span>
        {item.state === 'uploading' && item.phase !== 'uploading' && <span data-testid="item-phase">{t(`item.phases.${item.phase}`)}</span>}
        {item.state !== 'pending' && <span data-testid="item-percent">{item.percent}%</span>}
        {speed && <span data-testid="item-speed">{speed}</span>}
        <span className="cu-item__actions">
          {active && <ItemAction action="cancel" name={item.name} onClick={() => onCancel(item.id)} />}
          {canRetry && <ItemAction action="retry" name={item.name} onClick={() => onRetry(item.id)} />}
          {!active && <ItemAction action="remove" name={item.name} onClick={() => onRemove(item.id)} ghost />}
        </span>
      </div>
      {item.error && (
        <p className="cu-item__error" role="alert" data-testid="item-error">
          {item.error}
        </p>
      )}
      {item.result && (
        <ShareResult link={pageUrl(item.result.path || filePath(item.result.slug))} password={item.result.password} idPrefix={item.id} />
      )}
    </li>
  );
}
