import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putSharedItem, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import type { SharedFilesState } from '../hooks/use-shared-files';

/** Where the editor takes a shared text (`/?share=<id>`). */
const EDITOR_PATH = '/';

/**
 * What the page did with `?share=…`: the shared files wait in the selection (a status notice), or
 * why there is nothing (an alert). A text or link shared together with the files is not uploaded:
 * the notice says so and offers to open it in the editor (it goes back to the share inbox for that).
 */
export function SharedFilesNotice({ state }: { state: SharedFilesState }) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const [dismissed, setDismissed] = useState(false);
  const [handOver, setHandOver] = useState<'idle' | 'busy' | 'failed'>('idle');

  if (dismissed || state.status === 'none' || state.status === 'taking') return null;

  const dismiss = (
    <button
      type="button"
      className="cc-button cc-button--small cc-button--ghost"
      onClick={() => setDismissed(true)}
      aria-label={t('share.dismiss')}
      data-testid="shared-files-dismiss"
    >
      ×
    </button>
  );

  if (state.status !== 'taken') {
    return (
      <div
        className="cc-alert cc-alert--warning cc-alert--with-action"
        role="alert"
        data-testid="shared-files-alert"
        data-reason={state.status}
      >
        <p>{t(state.status === 'unavailable' ? 'share.unavailable' : 'share.gone')}</p>
        {dismiss}
      </div>
    );
  }

  const { text } = state;
  const openInEditor = () => {
    if (!text || handOver === 'busy') return;
    setHandOver('busy');
    putSharedItem(text).then(
      (id) => kernel.bus.emit('navigate', { to: `${EDITOR_PATH}?share=${encodeURIComponent(id)}` }),
      () => setHandOver('failed'),
    );
  };

  return (
    <div className="cc-alert cc-alert--info cc-alert--with-action" data-testid="shared-files-notice-box">
      <div className="cu-stack cu-stack--tight">
        {state.count > 0 && (
          <p role="status" data-testid="shared-files-notice">
            {t('share.ready', { count: state.count })}
          </p>
        )}
        {text && (
          <p data-testid="shared-text-left-out">
            {t('share.textLeftOut')}{' '}
            <button
              type="button"
              className="cc-button cc-button--small"
              onClick={openInEditor}
              disabled={handOver === 'busy'}
              data-testid="shared-text-open-editor"
            >
              {t('share.openText')}
            </button>
          </p>
        )}
        {handOver === 'failed' && (
          <p role="alert" data-testid="shared-text-failed">
            {t('share.openTextFailed')}
          </p>
        )}
      </div>
      {dismiss}
    </div>
  );
}
