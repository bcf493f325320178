import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatBytes, toBoolean, type PublicFile, useKernel, useSession, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { ShareView } from '../../../components/share-view';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { QrCode } from '../../../components/qr-code';
import { LinkRow } from '../../../components/link-row';
import { ViewsAndExpiry } from '../../../components/share-meta';
import { manageScope } from '../../../lib/ownership';
import { filePath, pageUrl } from '../../../config/paths';
import { deleteFile, fileLinks } from '../api/file-api';
import { useFile, type FileLocationState } from '../hooks/use-file';
import { filePasswordStore } from '../utils/file-password-store';
import { FilePreview } from './file-preview';
import { FileEditForm, type FileEditResult } from './file-edit-form';
import './file-page.css';

/** `/file/{slug}`: file info, password prompt, typed preview, links, QR code, owner edit/delete. */
export function FilePage() {
  const { slug = '' } = useParams();
  return <FileView key={slug} slug={slug} />;
}

function FileView({ slug }: { slug: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { state, unlock, replace, markDeleted } = useFile(slug);
  return (
    <ShareView
      kind="file"
      state={state}
      path={filePath(slug)}
      lockedHint={state.status === 'locked' ? t('file.lockedHint', { name: state.file.filename }) : ''}
      onUnlock={unlock}
    >
      {() =>
        state.status === 'ready' && <FileReady file={state.file} password={state.password} onReplace={replace} onDeleted={markDeleted} />
      }
    </ShareView>
  );
}

interface FileReadyProps {
  file: PublicFile;
  password: string | null;
  onReplace: (file: PublicFile, password: string | null) => void;
  onDeleted: () => void;
}

function FileReady({ file, password, onReplace, onDeleted }: FileReadyProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const scope = manageScope(session, file.created_by, 'file');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(() => !!(location.state as FileLocationState | null)?.saved);
  const links = fileLinks(kernel, file, password);
  const shareUrl = pageUrl(filePath(file.slug));

  const onSaved = ({ file: next, password: nextPassword }: FileEditResult) => {
    setEditing(false);
    setSaved(true);
    if (nextPassword) filePasswordStore.set(next.slug, nextPassword);
    else filePasswordStore.remove(next.slug);
    if (next.slug !== file.slug) {
      filePasswordStore.remove(file.slug);
      const state: FileLocationState = { file: next, password: nextPassword, saved: true };
      navigate(filePath(next.slug), { replace: true, state });
      return;
    }
    onReplace(next, nextPassword);
  };

  const deletion = useConfirmedAction(async () => {
    if (!scope) return;
    await deleteFile(kernel, scope, file.id);
    filePasswordStore.remove(file.slug);
    onDeleted();
  });

  return (
    <>
      <header className="cp-page-head">
        <h1 data-testid="file-name">{file.filename}</h1>
      </header>
      {saved && (
        <p className="cc-alert cc-alert--success" role="status" data-testid="file-saved">
          {t('file.saved')}
        </p>
      )}

      <div className="cp-file-layout">
        <div className="cp-file-layout__main">
          {editing && scope ? (
            <FileEditForm file={file} password={password} scope={scope} onSaved={onSaved} onCancel={() => setEditing(false)} />
          ) : (
            <FilePreview file={file} links={links} />
          )}
        </div>
        <aside className="cp-file-layout__side">
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
                <dd>{formatDateTime(file.created_at, i18n.language)}</dd>
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
            {scope && !editing && (
              <div className="cc-toolbar">
                <button type="button" className="cc-button" onClick={() => (setSaved(false), setEditing(true))} data-testid="file-edit">
                  {t('common:actions.edit')}
                </button>
                <button type="button" className="cc-button cc-button--danger" onClick={deletion.ask} data-testid="file-delete">
                  {t('common:actions.delete')}
                </button>
              </div>
            )}
          </section>
        </aside>
      </div>

      <ConfirmDialog
        {...deletion.dialog}
        title={t('file.deleteTitle')}
        message={t('file.deleteMessage', { name: file.filename })}
        confirmLabel={t('common:actions.delete')}
        danger
        testId="delete-dialog"
      />
    </>
  );
}

export default FilePage;
