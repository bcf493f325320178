import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, toBoolean, type PublicFile } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { QrCode } from '../../../components/qr-code';
import { LinkRow } from '../../../components/link-row';
import { ViewsAndExpiry } from '../../../components/share-meta';
import type { FileLinks } from '../api/file-api';
import { LocalTime } from '../../../components/local-time';

/**
 * The file page's details cards, which depend only on the file (no session, no kernel): the page
 * renders them, and so does the server's rendering of a public file share (src/server-render).
 */

/** Size, type, remark, upload date, views and expiry, protection. */
export function FileInfoCard({ file, password }: { file: PublicFile; password: string | null }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <section className="cc-card" aria-labelledby="cp-file-info-title">
      <h2 id="cp-file-info-title" className="cc-card__title">
        {t('file.info')}
      </h2>
      <dl className="cp-meta cp-meta--stacked" data-testid="file-info">
        <div>
          <dt>{t('file.size')}</dt>
          <dd data-testid="file-size">{formatBytes(file.size)}</dd>
        </div>
        <div>
          <dt>{t('file.type')}</dt>
          <dd data-testid="file-type">{file.mimetype || t('file.unknownType')}</dd>
        </div>
        {file.remark && (
          <div>
            <dt>{t('meta.remark')}</dt>
            <dd data-testid="file-remark">{file.remark}</dd>
          </div>
        )}
        <div>
          <dt>{t('file.uploaded')}</dt>
          <dd>
            <LocalTime value={file.created_at} language={i18n.language} />
          </dd>
        </div>
        <ViewsAndExpiry views={file.views} maxViews={file.max_views} expiresAt={file.expires_at} testIdPrefix="file" />
        {toBoolean(file.requires_password) || password ? (
          <div>
            <dt>{t('file.protection')}</dt>
            <dd>{t('file.passwordProtected')}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

interface FileShareCardProps {
  links: FileLinks;
  /** The page's own address (share link, QR code). */
  shareUrl: string;
  /** The owner's actions, at the end of the card. */
  children?: ReactNode;
}

/** Download, the page and direct links with their copy buttons, the QR code. */
export function FileShareCard({ links, shareUrl, children }: FileShareCardProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cc-card cp-file-actions" aria-labelledby="cp-file-actions-title">
      <h2 id="cp-file-actions-title" className="cc-card__title">
        {t('file.share')}
      </h2>
      <a className="cc-button cc-button--primary cp-file-actions__download" href={links.download} data-testid="file-download">
        {t('file.download')}
      </a>
      <LinkRow label={t('file.pageLink')} value={shareUrl} copyLabel={t('result.copyLink')} testId="file-share-link" />
      <LinkRow label={t('file.directLink')} value={links.download} copyLabel={t('file.copyDirectLink')} testId="file-direct-link" />
      <QrCode value={shareUrl} label={t('result.qrLabel')} size={140} />
      {children}
    </section>
  );
}
