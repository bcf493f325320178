import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyFeedback } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

const QrCode = lazy(() => import(/* webpackChunkName: "qr-code" */ './qr-code'));

interface ShareResultProps {
  /** Absolute share link. */
  link: string;
  password?: string | null;
  /** Prefix of the ids inside (several results may be on the page). */
  idPrefix: string;
  /** Show the QR code right away (the newest result) or behind a toggle. */
  qrOpen?: boolean;
}

/** A finished share: link with copy and open, QR code, and the password when one was set. */
export function ShareResult({ link, password, idPrefix, qrOpen = false }: ShareResultProps) {
  const { t } = useTranslation(NAMESPACE);
  const { state: copyState, copy: copyToClipboard } = useCopyFeedback();
  const [showQr, setShowQr] = useState(qrOpen);
  const copy = () => copyToClipboard(link);

  return (
    <div className="cu-result" data-testid="share-result">
      <label className="cc-visually-hidden" htmlFor={`${idPrefix}-link`}>
        {t('result.link')}
      </label>
      <div className="cu-result__row">
        <input
          id={`${idPrefix}-link`}
          className="cc-input cu-result__link"
          value={link}
          readOnly
          data-testid="share-link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="cc-button" onClick={() => void copy()} data-testid="copy-link">
          {copyState === 'copied' ? t('result.copied') : t('result.copy')}
        </button>
        <a className="cc-button cc-button--ghost" href={link} target="_blank" rel="noopener noreferrer">
          {t('result.open')}
        </a>
        <button type="button" className="cc-button cc-button--ghost" aria-expanded={showQr} onClick={() => setShowQr((open) => !open)}>
          {showQr ? t('result.hideQr') : t('result.showQr')}
        </button>
      </div>
      <p className="cu-status" role="status" aria-live="polite">
        {copyState === 'copied' ? t('result.copied') : copyState === 'failed' ? t('result.copyFailed') : ''}
      </p>
      {password && (
        <p className="cu-result__password" data-testid="share-password">
          {t('result.password', { password })}
        </p>
      )}
      {showQr && (
        <Suspense fallback={<div className="cu-qr cu-qr--loading" aria-hidden="true" />}>
          <QrCode value={link} label={t('result.qrLabel')} />
        </Suspense>
      )}
    </div>
  );
}
