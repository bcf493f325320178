import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel } from '@cloudclip/shared-kernel';
import type { FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import type { FsApi } from '../lib/fs-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { NameDialog } from '../components/name-dialog';
import { ActionsDialog } from '../features/browser/components/actions-dialog';
import type { DialogEvent, DialogState } from '../features/browser/stores/dialog-state';
import type { useItemActions } from '../features/browser/hooks/use-item-actions';
import type { Notice } from '../features/browser/hooks/use-notices';
import { FileLinkDialog } from '../features/file-links/components/file-link-dialog';
import { TextEditorDialog } from '../features/text-editor/components/text-editor-dialog';
import { CopyDialog } from '../features/batch-copy/components/copy-dialog';

interface ExplorerDialogsProps {
  state: DialogState;
  dispatch: Dispatch<DialogEvent>;
  actions: ReturnType<typeof useItemActions>;
  fs: FsApi;
  directory: string;
  root: string;
  /** Names in the folder (a new name must not be one of them). */
  names: ReadonlySet<string>;
  notify: (kind: Notice['kind'], text: string) => void;
  reload: () => void;
  clearSelection: () => void;
  /** A saved text changes the preview of the file. */
  onSaved: () => void;
}

/** The open dialog of the explorer (one at a time, from the dialog reducer) and what its answers do. */
export function ExplorerDialogs(props: ExplorerDialogsProps) {
  const { state, dispatch, actions, fs, directory, root, names, notify, reload, clearSelection, onSaved } = props;
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const dialog = state.open;
  const close = () => dispatch({ type: 'close' });

  switch (dialog?.type) {
    case undefined:
      return null;
    case 'actions':
      return (
        <ActionsDialog
          item={dialog.item}
          actions={actions.actionsOf(dialog.item)}
          onPick={(action) => actions.pick(dialog.item, action)}
          onClose={close}
        />
      );
    case 'mkdir':
      return (
        <NameDialog
          title={t('mkdir.title')}
          label={t('mkdir.label')}
          submitLabel={t('mkdir.submit')}
          taken={names}
          testId="mkdir-dialog"
          onClose={close}
          onSubmit={actions.createFolder}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title={t('rename.title', { name: dialog.item.name })}
          label={t('rename.label')}
          submitLabel={t('rename.submit')}
          initial={dialog.item.name}
          taken={names}
          testId="rename-dialog"
          onClose={close}
          onSubmit={(name) => actions.rename(dialog.item, name)}
        />
      );
    case 'delete':
      return <DeleteDialog items={dialog.items} state={state} onCancel={close} onConfirm={() => void actions.remove(dialog.items)} />;
    case 'link':
      return <FileLinkDialog fs={fs} path={dialog.path} name={dialog.name} onClose={close} />;
    case 'edit':
      return (
        <TextEditorDialog
          fs={fs}
          path={dialog.path}
          name={dialog.name}
          onSaved={() => {
            notify('success', t('editor.savedNotice', { name: dialog.name }));
            onSaved();
            reload();
          }}
          onClose={close}
        />
      );
    case 'copy':
      return (
        <CopyDialog
          fs={fs}
          http={kernel.http}
          t={kernel.i18n.t}
          items={dialog.items}
          startDirectory={directory}
          root={root}
          resolveUrl={(url) => (/^https?:\/\//i.test(url) ? url : new URL(url, kernel.config.baseUrl || window.location.origin).toString())}
          onDone={(outcome) => {
            notify(outcome.kind, outcome.message);
            clearSelection();
            close();
            reload();
          }}
          onClose={() => {
            close();
            reload();
          }}
        />
      );
  }
}

/** Deleting one entry or several: names the first five of a batch. */
function DeleteDialog({
  items,
  state,
  onCancel,
  onConfirm,
}: {
  items: FsListItem[];
  state: DialogState;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const single = items.length === 1 ? items[0]! : null;
  const names = items
    .slice(0, 5)
    .map((item) => item.name)
    .join(', ');
  return (
    <ConfirmDialog
      title={single ? t('delete.title') : t('delete.batchTitle', { count: items.length })}
      message={
        single
          ? t(single.isDirectory ? 'delete.folderMessage' : 'delete.message', { name: single.name })
          : t('delete.batchMessage', { count: items.length, names: names + (items.length > 5 ? ', …' : '') })
      }
      confirmLabel={t('delete.confirm')}
      busy={state.busy}
      error={state.error}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="delete-dialog"
    />
  );
}
