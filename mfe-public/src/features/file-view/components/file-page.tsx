import { useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { markFirstScreenAdopted, type PublicFile, useKernel, useSession } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { ShareView } from '../../../components/share-view';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { manageScope } from '../../../lib/ownership';
import { filePath, pageUrl } from '../../../config/paths';
import { deleteFile, fileLinks } from '../api/file-api';
import { useFile, type FileLocationState } from '../hooks/use-file';
import { filePasswordStore } from '../utils/file-password-store';
import { FilePreview } from './file-preview';
import { FileEditForm, type FileEditResult } from './file-edit-form';
import { FileInfoCard, FileShareCard } from './file-cards';
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
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const scope = manageScope(session, file.created_by, 'file');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(() => !!(location.state as FileLocationState | null)?.saved);
  const links = fileLinks(kernel, file, password);
  const shareUrl = pageUrl(filePath(file.slug));
  // The server's rendering of these cards (the boot page's first screen) gives way to the page's
  // own, laid out alike, before the browser paints.
  useLayoutEffect(() => markFirstScreenAdopted(), []);

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
          <FileInfoCard file={file} password={password} />

          <FileShareCard links={links} shareUrl={shareUrl}>
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
          </FileShareCard>
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
