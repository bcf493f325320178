import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { useCopyFeedback } from '@cloudclip/shared-kernel';

interface CopyButtonProps {
  /** The text to copy, or a function producing it at click time. */
  text: string | (() => string);
  label: string;
  testId?: string;
  className?: string;
}

/** A button that copies text and says so (visibly and to screen readers) for two seconds. */
export function CopyButton({ text, label, testId, className }: CopyButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const { state, copy } = useCopyFeedback();
  const onClick = () => copy(typeof text === 'function' ? text() : text);

  return (
    <>
      <button
        type="button"
        className={`cc-button ${className ?? ''}`.trim()}
        data-testid={testId}
        data-state={state}
        onClick={() => void onClick()}
      >
        {state === 'copied' ? t('common:actions.copied') : state === 'failed' ? t('common:actions.copyFailed') : label}
      </button>
      <span className="cc-visually-hidden" role="status">
        {state === 'copied' ? t('common.copiedAnnouncement') : ''}
      </span>
    </>
  );
}
