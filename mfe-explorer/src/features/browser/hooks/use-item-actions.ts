import { useCallback, type Dispatch } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { startDownload, type FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { PREVIEW_PARAM } from '../../../config/paths';
import type { FsApi } from '../../../lib/fs-api';
import { errorMessage } from '../../../lib/format';
import { baseName, joinPath, parentDirectory, routeOfDirectory } from '../../../lib/fs-path';
import type { ItemAction } from '../components/actions-dialog';
import type { DialogEvent } from '../stores/dialog-state';
import type { Notice } from './use-notices';
import type { usePreviewParam } from './use-preview-param';

interface ItemActionsOptions {
  fs: FsApi;
  directory: string;
  notify: (kind: Notice['kind'], text: string) => void;
  /** Lists the folder again (after every change, successful or not). */
  reload: () => void;
  dispatch: Dispatch<DialogEvent>;
  preview: ReturnType<typeof usePreviewParam>;
  clearSelection: () => void;
  /** Whether the text editor opens this file name (the app knows the editor's kinds). */
  canEdit: (name: string) => boolean;
}

/** What can be done to an entry, and doing it: open, download, the dialogs' actions, create, rename, delete. */
export function useItemActions({ fs, directory, notify, reload, dispatch, preview, clearSelection, canEdit }: ItemActionsOptions) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();

  const hrefOf = useCallback(
    (item: FsListItem) => {
      if (item.isDirectory) return routeOfDirectory(item.path);
      return `${routeOfDirectory(directory)}?${new URLSearchParams({ [PREVIEW_PARAM]: item.name }).toString()}`;
    },
    [directory],
  );

  const download = async (path: string, name: string) => {
    try {
      const info = await fs.get(path);
      if (info.isDirectory) return;
      startDownload(info.download_url, name);
      notify('info', t('notices.downloadStarted', { name }));
    } catch (caught) {
      notify('error', errorMessage(caught));
    }
  };

  const actionsOf = (item: FsListItem): ItemAction[] => {
    if ('isVirtual' in item && item.isVirtual) return ['open'];
    const list: ItemAction[] = ['open'];
    if (!item.isDirectory) list.push('download', 'link');
    if (!item.isDirectory && canEdit(item.name)) list.push('edit');
    list.push('rename', 'copy', 'delete');
    return list;
  };

  const pick = (item: FsListItem, action: ItemAction) => {
    if (action === 'open') {
      dispatch({ type: 'close' });
      navigate(hrefOf(item));
    } else if (action === 'download') {
      dispatch({ type: 'close' });
      void download(item.path, item.name);
    } else if (action === 'link' || action === 'edit')
      dispatch({ type: 'open', dialog: { type: action, path: item.path, name: item.name } });
    else if (action === 'rename') dispatch({ type: 'open', dialog: { type: 'rename', item } });
    else dispatch({ type: 'open', dialog: { type: action, items: [item] } });
  };

  const remove = async (targets: FsListItem[]) => {
    dispatch({ type: 'start' });
    try {
      if (targets.length === 1) {
        await fs.remove(targets[0]!.path);
        notify('success', t('delete.done', { name: targets[0]!.name }));
      } else {
        const result = await fs.batchRemove(targets.map((item) => item.path));
        if (result.failed.length)
          notify(
            'error',
            t('delete.partial', {
              success: result.success,
              failed: result.failed.length,
              details: result.failed.map((entry) => `${baseName(entry.path)}: ${entry.error}`).join('; '),
            }),
          );
        else notify('success', t('delete.batchDone', { count: result.success }));
      }
      const previewed = preview.name ? joinPath(directory, preview.name) : null;
      if (targets.some((item) => item.path === previewed)) preview.close();
      clearSelection();
      dispatch({ type: 'done' });
    } catch (caught) {
      dispatch({ type: 'fail', error: errorMessage(caught) });
    } finally {
      reload();
    }
  };

  /** The name dialogs' submits: a refusal is thrown back to the dialog, the folder is listed again either way. */
  const createFolder = async (name: string) => {
    try {
      await fs.mkdir(joinPath(directory, name, true));
      notify('success', t('mkdir.done', { name }));
      dispatch({ type: 'close' });
    } finally {
      reload();
    }
  };

  const rename = async (item: FsListItem, name: string) => {
    try {
      await fs.rename(item.path, joinPath(parentDirectory(item.path), name, item.isDirectory));
      notify('success', t('rename.done', { from: item.name, to: name }));
      if (preview.name === item.name) preview.follow(name);
      dispatch({ type: 'close' });
    } finally {
      reload();
    }
  };

  return { hrefOf, download, actionsOf, pick, remove, createFolder, rename };
}
