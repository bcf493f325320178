import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { CopyButton } from '../../../components/copy-button';
import { QrCode } from '../../../components/qr-code';
import { LinkRow } from '../../../components/link-row';
import { MetaEntry } from '../../../components/share-meta';
import { pageUrl, pastePath } from '../../../config/paths';
import type { SharedPaste } from './share-form';
import { useKernel, formatDateTime } from '@cloudclip/shared-kernel';

/**
 * After sharing: share link and raw link with copy buttons, a QR code, the password, the limits.
 * An encrypted paste's link carries its key after `#` (the QR code and the copy button too); a
 * burn-after-reading paste warns that opening the link deletes it, and shows it as text only.
 */
export function ShareResult({ shared }: { shared: SharedPaste }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const { response, request } = shared;
  const shareUrl = pageUrl(pastePath(response.slug)) + (shared.key ? `#${shared.key}` : '');
  const rawUrl = kernel.api.pastes.rawUrl(response.slug, request.password);
  const encrypted = request.encryption !== undefined;
  const burn = request.burnAfterReading === true;

  useEffect(() => {
    titleRef.current?.focus();
    titleRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shared]);

  return (
    <section
      className="cc-card cp-share-result"
      aria-labelledby="cp-share-result-title"
      data-testid="share-result"
      data-slug={response.slug}
    >
      <h2 id="cp-share-result-title" className="cc-card__title" ref={titleRef} tabIndex={-1}>
        {t('result.title')}
      </h2>
      {burn && (
        <p className="cc-alert cc-alert--warning" role="status" data-testid="share-burn-warning">
          {t('result.burnWarning')}
        </p>
      )}
      <div className="cp-share-result__body">
        <div className="cp-share-result__links">
          <LinkRow label={t('result.shareLink')} value={shareUrl} copyLabel={t('result.copyLink')} testId="share-link" openable={!burn} />
          {encrypted && (
            <p className="cc-hint" data-testid="share-key-hint">
              {t('result.keyHint')}
            </p>
          )}
          {!burn && (
            <LinkRow
              label={encrypted ? t('result.rawLinkEncrypted') : t('result.rawLink')}
              value={rawUrl}
              copyLabel={t('result.copyRawLink')}
              testId="raw-link"
            />
          )}
          {request.password && (
            <div className="cp-link-row">
              <span className="cp-link-row__label">{t('result.password')}</span>
              <div className="cp-link-row__line">
                <code className="cp-link-row__value" data-testid="share-result-password">
                  {request.password}
                </code>
                <CopyButton text={request.password} label={t('result.copyPassword')} testId="copy-password" />
              </div>
              <p className="cc-hint">{encrypted ? t('result.passwordHintEncrypted') : t('result.passwordHint')}</p>
            </div>
          )}
          <dl className="cp-meta">
            <MetaEntry label={t('meta.expires')}>
              {request.expiresAt ? formatDateTime(request.expiresAt, i18n.language) : t('meta.never')}
            </MetaEntry>
            <MetaEntry label={t('meta.maxViews')}>{request.maxViews ? request.maxViews : t('meta.unlimited')}</MetaEntry>
            {request.remark && <MetaEntry label={t('meta.remark')}>{request.remark}</MetaEntry>}
          </dl>
        </div>
        <QrCode value={shareUrl} label={t('result.qrLabel')} />
      </div>
    </section>
  );
}
