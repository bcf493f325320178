import { useTranslation } from 'react-i18next';
import { toBoolean, type PublicFile } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import { Loading } from '../components/loading';
import { filePath } from '../config/paths';
import { FileInfoCard, FileShareCard } from '../features/file-view/components/file-cards';
import type { FileLinks } from '../features/file-view/api/file-api';
import { languageVariants, pageAddress, pageFrame } from './markup';
import type { ShareRendering } from './paste-share';

/**
 * A file share answer (`GET /api/public/files/{slug}`: the file under `data`, as the kernel's
 * `files.publicInfo` reads it) the server may show to anyone: no password.
 */
export function publicFile(body: unknown): PublicFile | null {
  if (!body || typeof body !== 'object') return null;
  const file = (body as { data?: unknown }).data as PublicFile | null | undefined;
  if (!file || typeof file !== 'object') return null;
  if (typeof file.slug !== 'string' || typeof file.filename !== 'string') return null;
  if (toBoolean(file.requires_password)) return null;
  return file;
}

/** The links of a public file as the page makes them (file-api.ts fileLinks, without a password). */
function publicLinks(file: PublicFile, origin: string | undefined): FileLinks {
  const slug = encodeURIComponent(file.slug);
  return {
    preview: file.previewUrl || file.proxy_preview_url || pageAddress(`/api/file-view/${slug}`, origin),
    download: file.downloadUrl || file.proxy_download_url || pageAddress(`/api/file-download/${slug}`, origin),
  };
}

/** The preview's card while the page's code (and the viewer for the file's kind) is on its way. */
function PreviewPlaceholder() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="cc-card cp-file-preview" aria-label={t('file.preview')}>
      <Loading label={t('file.loadingPreview')} />
    </section>
  );
}

/** The file page as the page lays it out (title, preview area, details and share cards), in both languages. */
export function renderFileShare(body: unknown, origin: string | undefined): ShareRendering | null {
  const file = publicFile(body);
  if (!file) return null;
  const links = publicLinks(file, origin);
  const shareUrl = pageAddress(filePath(file.slug), origin);
  const html = languageVariants(() => (
    <>
      <header className="cp-page-head">
        <h1>{file.filename}</h1>
      </header>
      <div className="cp-file-layout">
        <div className="cp-file-layout__main">
          <PreviewPlaceholder />
        </div>
        <aside className="cp-file-layout__side">
          <FileInfoCard file={file} password={null} />
          <FileShareCard links={links} shareUrl={shareUrl} />
        </aside>
      </div>
    </>
  ));
  // Marked for the page (serverRenderedContent('file')): nothing in it is moved, the page renders it alike.
  return { html: pageFrame('file', html, ' data-server-rendered="file"'), complete: true };
}
