import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { SharedContentNotice as Notice } from '../hooks/use-shared-content';

interface SharedContentNoticeProps {
  notice: Notice;
  onRestore: () => void;
  onDismiss: () => void;
}

/** What happened to `?share=…`: the shared text is in the editor (the old draft can come back), or why not. */
export function SharedContentNotice({ notice, onRestore, onDismiss }: SharedContentNoticeProps) {
  const { t } = useTranslation(NAMESPACE);
  const problem = notice.kind === 'unavailable' || notice.kind === 'gone';
  const text =
    notice.kind === 'shared'
      ? t(notice.previous === null ? 'sharedContent.shared' : 'sharedContent.sharedOverDraft')
      : t(`sharedContent.${notice.kind}`);
  return (
    <div
      className={`cc-alert ${problem ? 'cc-alert--warning' : 'cc-alert--info'} cc-alert--with-action cp-editor-notice`}
      role={problem ? 'alert' : 'status'}
      data-testid="shared-content-notice"
      data-kind={notice.kind}
    >
      <p className="cp-editor-notice__text">{text}</p>
      <div className="cp-editor-notice__actions">
        {notice.kind === 'shared' && notice.previous !== null && (
          <button type="button" className="cc-button" onClick={onRestore} data-testid="shared-content-restore">
            {t('sharedContent.restore')}
          </button>
        )}
        <button type="button" className="cc-button cc-button--ghost" onClick={onDismiss} data-testid="shared-content-dismiss">
          {t('sharedContent.dismiss')}
        </button>
      </div>
    </div>
  );
}
