import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { PasteBurnPendingView } from '@cloudclip/shared-kernel';

interface BurnConfirmProps {
  meta: PasteBurnPendingView;
  /** The address's fragment without `#`: an encrypted paste cannot be read without it. */
  linkKey: string;
  onOpen: () => Promise<void>;
}

/**
 * The step before a burn-after-reading paste is delivered: opening it deletes it from the server,
 * so the reader decides (and a link preview, a prefetch or a page opened by mistake burns nothing).
 * An encrypted paste whose link has no key cannot be opened here at all: it would be deleted
 * without anyone being able to read it.
 */
export function BurnConfirm({ meta, linkKey, onOpen }: BurnConfirmProps) {
  const { t } = useTranslation(NAMESPACE);
  const [opening, setOpening] = useState(false);
  const keyMissing = meta.encryption !== undefined && linkKey === '';

  const open = async () => {
    setOpening(true);
    try {
      await onOpen();
    } finally {
      setOpening(false);
    }
  };

  return (
    <div className="cc-card cp-burn-confirm" data-testid="paste-burn-confirm">
      <h1 className="cp-burn-confirm__title">{t('paste.burnConfirm.title')}</h1>
      <p>{t('paste.burnConfirm.message')}</p>
      {meta.remark && (
        <p className="cc-muted">
          {t('meta.remark')}: {meta.remark}
        </p>
      )}
      {keyMissing ? (
        <p className="cc-alert cc-alert--error" role="alert" data-testid="paste-burn-no-key">
          {t('paste.burnConfirm.noKey')}
        </p>
      ) : (
        <button
          type="button"
          className="cc-button cc-button--primary"
          onClick={() => void open()}
          disabled={opening}
          data-testid="paste-burn-open"
        >
          {t('paste.burnConfirm.open')}
        </button>
      )}
    </div>
  );
}
