import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { SharedContentNotice as Notice } from '../hooks/use-shared-content';
import { EditorNotice, type NoticeProps } from './editor-notice';

/** What happened to `?share=…`: the shared text is in the editor (the old draft can come back), or why not. */
export function SharedContentNotice({ notice, onRestore, onDismiss }: NoticeProps<Notice>) {
  const { t } = useTranslation(NAMESPACE);
  const text =
    notice.kind === 'shared'
      ? t(notice.previous === null ? 'sharedContent.shared' : 'sharedContent.sharedOverDraft')
      : t(`sharedContent.${notice.kind}`);
  return (
    <EditorNotice
      testIdPrefix="shared-content"
      kind={notice.kind}
      text={text}
      problem={notice.kind === 'unavailable' || notice.kind === 'gone'}
      restoreLabel={notice.kind === 'shared' && notice.previous !== null ? t('sharedContent.restore') : null}
      dismissLabel={t('sharedContent.dismiss')}
      onRestore={onRestore}
      onDismiss={onDismiss}
    />
  );
}
