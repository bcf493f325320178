import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { EarlyTextNotice as Notice } from '../hooks/use-early-text';

interface EarlyTextNoticeProps {
  notice: Notice;
  onRestore: () => void;
  onDismiss: () => void;
}

/** Text typed while the page loaded replaced the saved draft: the draft can come back. */
export function EarlyTextNotice({ notice, onRestore, onDismiss }: EarlyTextNoticeProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div
      className="cc-alert cc-alert--info cc-alert--with-action cp-editor-notice"
      role="status"
      data-testid="early-text-notice"
      data-kind={notice.kind}
    >
      <p className="cp-editor-notice__text">{t(notice.kind === 'replaced' ? 'earlyText.replacedDraft' : 'earlyText.restored')}</p>
      <div className="cp-editor-notice__actions">
        {notice.kind === 'replaced' && (
          <button type="button" className="cc-button" onClick={onRestore} data-testid="early-text-restore">
            {t('earlyText.restore')}
          </button>
        )}
        <button type="button" className="cc-button cc-button--ghost" onClick={onDismiss} data-testid="early-text-dismiss">
          {t('earlyText.dismiss')}
        </button>
      </div>
    </div>
  );
}
