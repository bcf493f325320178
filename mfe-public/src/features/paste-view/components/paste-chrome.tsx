import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

import { NAMESPACE } from '../../../i18n/resources';
import { CopyButton } from '../../../components/copy-button';
import { ShareMetaEntries } from '../../../components/share-meta';
import type { LoadedPaste } from '../api/paste-api';
import { CopyAs } from './copy-as';

/**
 * The parts of a paste's page that depend only on the paste (no session, no kernel): the page
 * renders them, and so does the server's rendering of a public paste (src/server-render), so both
 * lay out alike.
 */

/** The outline appears once a document has this many headings. */
export const OUTLINE_MIN_HEADINGS = 2;

type PasteFacts = Pick<LoadedPaste, 'slug' | 'remark' | 'createdAt' | 'views' | 'maxViews' | 'expiresAt'>;

/** Title, slug chip, encryption badge and the metadata list. */
export function PasteHead({ paste, encrypted }: { paste: PasteFacts; encrypted: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <header className="cp-page-head">
        <h1>{paste.remark || t('paste.title')}</h1>
        <span className="cp-slug-chip" data-testid="paste-slug">
          {paste.slug}
        </span>
        {encrypted && (
          <span className="cp-badge" title={t('paste.encryptedTitle')} data-testid="paste-encrypted-badge">
            {t('paste.encrypted')}
          </span>
        )}
      </header>
      <dl className="cp-meta" data-testid="paste-meta">
        <ShareMetaEntries share={paste} createdLabel={t('meta.created')} testIdPrefix="paste" />
      </dl>
    </>
  );
}

/** The paste's last allowed view was this one. */
export function isLastView(paste: Pick<LoadedPaste, 'maxViews' | 'views'>): boolean {
  return paste.maxViews !== null && paste.maxViews > 0 && paste.views >= paste.maxViews;
}

export function LastViewNotice() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="cc-alert cc-alert--warning" role="status" data-testid="paste-last-view">
      {t('paste.lastView')}
    </p>
  );
}

interface PasteToolbarProps {
  /** The readable Markdown (null while an encrypted paste is not decrypted). */
  markdown: string | null;
  content: RefObject<HTMLElement>;
  rendered: boolean;
  shareUrl: string;
  /** The raw link, or null when there is none (burn-after-reading, offline copy). */
  rawUrl: string | null;
  /** No share link (the paste is deleted once delivered). */
  burning: boolean;
  encrypted: boolean;
  /** The owner's actions, after the others. */
  children?: ReactNode;
}

/** Copy (Markdown, formatted), copy link, raw link; the owner's actions come as children. */
export function PasteToolbar({ markdown, content, rendered, shareUrl, rawUrl, burning, encrypted, children }: PasteToolbarProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cc-toolbar" role="toolbar" aria-label={t('paste.actions')}>
      {markdown !== null && <CopyAs markdown={markdown} content={content} rendered={rendered} />}
      {!burning && <CopyButton text={shareUrl} label={t('result.copyLink')} testId="copy-paste-link" />}
      {rawUrl !== null && (
        <a
          className="cc-button"
          href={rawUrl}
          target="_blank"
          rel="noopener noreferrer"
          title={encrypted ? t('paste.rawEncryptedTitle') : undefined}
          data-testid="raw-link"
          data-encrypted={encrypted ? 'true' : undefined}
        >
          {encrypted ? t('paste.rawEncrypted') : t('paste.raw')}
        </a>
      )}
      {children}
    </div>
  );
}
