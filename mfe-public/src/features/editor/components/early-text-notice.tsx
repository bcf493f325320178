import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { EarlyTextNotice as Notice } from '../hooks/use-early-text';
import { EditorNotice, type NoticeProps } from './editor-notice';

/** Text typed while the page loaded replaced the saved draft: the draft can come back. */
export function EarlyTextNotice({ notice, onRestore, onDismiss }: NoticeProps<Notice>) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <EditorNotice
      testIdPrefix="early-text"
      kind={notice.kind}
      text={t(notice.kind === 'replaced' ? 'earlyText.replacedDraft' : 'earlyText.restored')}
      restoreLabel={notice.kind === 'replaced' ? t('earlyText.restore') : null}
      dismissLabel={t('earlyText.dismiss')}
      onRestore={onRestore}
      onDismiss={onDismiss}
    />
  );
}
