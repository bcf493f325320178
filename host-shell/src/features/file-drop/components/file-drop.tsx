import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { putSharedItem, SHARE_QUERY_PARAM, type SharedItemInput } from '@cloudclip/shared-kernel';
import { useWindowFileDrop } from '../hooks/use-window-file-drop';
import { DropConfirm } from './drop-confirm';

export interface FileDropProps {
  /** Off on the page that takes dropped files itself. */
  enabled: boolean;
  /** The upload page's address. */
  uploadPath: string;
  /** Puts the files into the share inbox; replaceable in tests. */
  putItem?: (input: SharedItemInput) => Promise<string>;
  win?: Window;
}

/**
 * Files dropped on any page: an overlay while they are dragged over it, then a confirmation; on
 * Upload the files wait in the share inbox and the upload page takes them into its queue
 * (`/upload?share=<id>`).
 */
export function FileDrop({ enabled, uploadPath, putItem = putSharedItem, win }: FileDropProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [files, setFiles] = useState<File[] | null>(null);
  const dragging = useWindowFileDrop({ enabled, onDrop: setFiles, win });

  const upload = useCallback(async () => {
    if (!files) return;
    const id = await putItem({ files });
    setFiles(null);
    navigate(`${uploadPath}?${SHARE_QUERY_PARAM}=${encodeURIComponent(id)}`);
  }, [files, putItem, navigate, uploadPath]);

  return (
    <>
      {dragging && (
        <div className="cc-file-drop-overlay" data-testid="file-drop-overlay">
          <p className="cc-file-drop-overlay__text">{t('drop.overlay')}</p>
        </div>
      )}
      {files && <DropConfirm files={files} onUpload={upload} onCancel={() => setFiles(null)} />}
    </>
  );
}
