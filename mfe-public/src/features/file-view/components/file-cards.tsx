import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, toBoolean, type PublicFile } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { QrCode } from '../../../components/qr-code';
import { LinkRow } from '../../../components/link-row';
import { MetaEntry, ShareMetaEntries } from '../../../components/share-meta';
import type { FileLinks } from '../api/file-api';

/**
 * The file page's details cards, which depend only on the file (no session, no kernel): the page
 * renders them, and so does the server's rendering of a public file share (src/server-render).
 */

/** A card of the page, named by its heading. */
function TitledCard({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `cc-card ${className}` : 'cc-card'} aria-labelledby={id}>
      <h2 id={id} className="cc-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Size, type, remark, upload date, views and expiry, protection. */
export function FileInfoCard({ file, password }: { file: PublicFile; password: string | null }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <TitledCard id="cp-file-info-title" title={t('file.info')}>
      <dl className="cp-meta cp-meta--stacked" data-testid="file-info">
        <MetaEntry label={t('file.size')} testId="file-size">
          {formatBytes(file.size)}
        </MetaEntry>
        <MetaEntry label={t('file.type')} testId="file-type">
          {file.mimetype || t('file.unknownType')}
        </MetaEntry>
        <ShareMetaEntries
          share={{
            remark: file.remark,
            createdAt: file.created_at,
            views: file.views,
            maxViews: file.max_views,
            expiresAt: file.expires_at,
          }}
          createdLabel={t('file.uploaded')}
          testIdPrefix="file"
        />
        {toBoolean(file.requires_password) || password ? (
          <MetaEntry label={t('file.protection')}>{t('file.passwordProtected')}</MetaEntry>
        ) : null}
      </dl>
    </TitledCard>
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
    <TitledCard id="cp-file-actions-title" title={t('file.share')} className="cp-file-actions">
      <a className="cc-button cc-button--primary cp-file-actions__download" href={links.download} data-testid="file-download">
        {t('file.download')}
      </a>
      <LinkRow label={t('file.pageLink')} value={shareUrl} copyLabel={t('result.copyLink')} testId="file-share-link" />
      <LinkRow label={t('file.directLink')} value={links.download} copyLabel={t('file.copyDirectLink')} testId="file-direct-link" />
      <QrCode value={shareUrl} label={t('result.qrLabel')} size={140} />
      {children}
    </TitledCard>
  );
}
