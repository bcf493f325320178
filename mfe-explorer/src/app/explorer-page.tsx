import type { FsApi } from '../lib/fs-api';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type DragEvent } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FsListItem } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import { useKernel } from '../hooks/use-kernel';
import { useSession } from '../hooks/use-session';
import { PREVIEW_PARAM } from '../config/paths';
import { Loading } from '../components/loading';
import { ConfirmDialog } from '../components/confirm-dialog';
import { NameDialog } from '../components/name-dialog';
import { errorMessage } from '../lib/format';
import { startDownload } from '../lib/start-download';
import {
  baseName,
  confineToBasePath,
  directoryFromRoute,
  joinPath,
  parentDirectory,
  routeOfDirectory,
  withoutTrailingSlash,
} from '../lib/fs-path';
import { explorerAccessOf } from '../features/browser/utils/explorer-access';
import { sortItems, SORT_FIELDS, type SortField } from '../features/browser/utils/sort-items';
import { useListing } from '../features/browser/hooks/use-listing';
import { useViewSettings } from '../features/browser/hooks/use-view-settings';
import { useNotices } from '../features/browser/hooks/use-notices';
import { AccessNotice } from '../features/browser/components/access-notice';
import { Breadcrumbs } from '../features/browser/components/breadcrumbs';
import { FileList } from '../features/browser/components/file-list';
import { ActionsDialog, type ItemAction } from '../features/browser/components/actions-dialog';
import { isEditableText } from '../features/preview/utils/file-kind';
import { FileLinkDialog } from '../features/file-links/components/file-link-dialog';
import { TextEditorDialog } from '../features/text-editor/components/text-editor-dialog';
import { CopyDialog } from '../features/batch-copy/components/copy-dialog';

// Heavy or occasional parts load on first use: the preview (highlighting, Markdown), the upload panel.
const PreviewPanel = lazy(() => import(/* webpackChunkName: "preview" */ '../features/preview/components/preview-panel'));
const UploadPanel = lazy(() => import(/* webpackChunkName: "upload" */ '../features/upload/components/upload-panel'));

type DialogState =
  | { type: 'mkdir' }
  | { type: 'actions'; item: FsListItem }
  | { type: 'rename'; item: FsListItem }
  | { type: 'delete'; items: FsListItem[] }
  | { type: 'link'; path: string; name: string }
  | { type: 'edit'; path: string; name: string }
  | { type: 'copy'; items: FsListItem[] }
  | null;

const EMPTY: File[] = [];

/** The access gate: who may browse, and the basic-path correction of the address for key holders. */
export function ExplorerPage() {
  const kernel = useKernel();
  const session = useSession();
  const params = useParams();
  const requested = directoryFromRoute(params['*']);
  const { t } = useTranslation(NAMESPACE);
  const access = explorerAccessOf(session, kernel.api);

  let content;
  if (!access.fs)
    content = <AccessNotice kind={access.kind === 'anonymous' ? 'anonymous' : 'key-without-file'} path={withoutTrailingSlash(requested)} />;
  else {
    const directory = confineToBasePath(requested, access.basePath);
    if (directory !== requested) return <Navigate to={routeOfDirectory(directory)} replace />;
    content = (
      <Browser
        fs={access.fs}
        directory={directory}
        root={access.kind === 'key' ? confineToBasePath(access.basePath, access.basePath) : '/'}
      />
    );
  }
  return (
    <section className="ce-page" data-testid="area-page" data-area="explorer" data-page="explorer">
      <h1 className="ce-page__title">{t('title')}</h1>
      {content}
    </section>
  );
}

function Browser({ fs, directory, root }: { fs: FsApi; directory: string; root: string }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { status, listing, error, reload } = useListing(fs, directory);
  const [settings, updateSettings] = useViewSettings(kernel.storage);
  const { notices, push, dismiss } = useNotices();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [dropped, setDropped] = useState<File[]>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [previewVersion, setPreviewVersion] = useState(0);
  const previewName = search.get(PREVIEW_PARAM);

  useEffect(() => setSelected(new Set()), [directory]);

  const items = useMemo(
    () => sortItems<FsListItem>(listing?.items ?? [], settings.sortField, settings.sortOrder),
    [listing, settings.sortField, settings.sortOrder],
  );
  const writable = !!listing && !listing.isVirtual;
  const names = useMemo(() => new Set((listing?.items ?? []).map((item) => item.name)), [listing]);
  const selectedItems = items.filter((item) => selected.has(item.path));

  const hrefOf = useCallback(
    (item: FsListItem) => {
      if (item.isDirectory) return routeOfDirectory(item.path);
      return `${routeOfDirectory(directory)}?${new URLSearchParams({ [PREVIEW_PARAM]: item.name }).toString()}`;
    },
    [directory],
  );

  const closePreview = () =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(PREVIEW_PARAM);
        return next;
      },
      { replace: false },
    );

  const download = async (path: string, name: string) => {
    try {
      const info = await fs.get(path);
      if (info.isDirectory) return;
      startDownload(info.download_url, name);
      push('info', t('notices.downloadStarted', { name }));
    } catch (caught) {
      push('error', errorMessage(caught));
    }
  };

  const actionsOf = (item: FsListItem): ItemAction[] => {
    if ('isVirtual' in item && item.isVirtual) return ['open'];
    const list: ItemAction[] = ['open'];
    if (!item.isDirectory) list.push('download', 'link');
    if (!item.isDirectory && isEditableText(item.name)) list.push('edit');
    list.push('rename', 'copy', 'delete');
    return list;
  };

  const pick = (item: FsListItem, action: ItemAction) => {
    setDialogError(null);
    if (action === 'open') {
      setDialog(null);
      navigate(hrefOf(item));
    } else if (action === 'download') {
      setDialog(null);
      void download(item.path, item.name);
    } else if (action === 'link') setDialog({ type: 'link', path: item.path, name: item.name });
    else if (action === 'edit') setDialog({ type: 'edit', path: item.path, name: item.name });
    else if (action === 'rename') setDialog({ type: 'rename', item });
    else if (action === 'copy') setDialog({ type: 'copy', items: [item] });
    else setDialog({ type: 'delete', items: [item] });
  };

  const toggle = (item: FsListItem) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(item.path)) next.delete(item.path);
      else next.add(item.path);
      return next;
    });
  const selectable = items.filter((item) => !('isVirtual' in item && item.isVirtual));
  const toggleAll = () =>
    setSelected((previous) =>
      selectable.length > 0 && selectable.every((item) => previous.has(item.path))
        ? new Set()
        : new Set(selectable.map((item) => item.path)),
    );

  const remove = async (targets: FsListItem[]) => {
    setBusy(true);
    setDialogError(null);
    try {
      if (targets.length === 1) {
        await fs.remove(targets[0]!.path);
        push('success', t('delete.done', { name: targets[0]!.name }));
      } else {
        const result = await fs.batchRemove(targets.map((item) => item.path));
        if (result.failed.length)
          push(
            'error',
            t('delete.partial', {
              success: result.success,
              failed: result.failed.length,
              details: result.failed.map((entry) => `${baseName(entry.path)}: ${entry.error}`).join('; '),
            }),
          );
        else push('success', t('delete.batchDone', { count: result.success }));
      }
      if (previewName && targets.some((item) => item.path === joinPath(directory, previewName))) closePreview();
      setSelected(new Set());
      setDialog(null);
    } catch (caught) {
      setDialogError(errorMessage(caught));
    } finally {
      setBusy(false);
      reload();
    }
  };

  const onDropFiles = (event: DragEvent<HTMLDivElement>) => {
    if (!writable) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (!files.length) return;
    event.preventDefault();
    setDropped(files);
    setUploadOpen(true);
  };

  const resolveUrl = (url: string) =>
    /^https?:\/\//i.test(url) ? url : new URL(url, kernel.config.baseUrl || window.location.origin).toString();

  const previewPath = previewName ? joinPath(directory, previewName) : null;

  return (
    <div
      className="ce-browser"
      data-testid="explorer"
      data-directory={directory}
      onDragOver={(event) => writable && event.dataTransfer?.types?.includes('Files') && event.preventDefault()}
      onDrop={onDropFiles}
    >
      <Breadcrumbs directory={directory} root={root} />

      <div className="ce-toolbar" role="toolbar" aria-label={t('toolbar.label')} data-testid="toolbar">
        <div className="ce-toolbar__group">
          <button
            type="button"
            className="ce-button ce-button--primary"
            onClick={() => setUploadOpen(true)}
            disabled={!writable}
            data-testid="open-upload"
          >
            {t('toolbar.upload')}
          </button>
          <button
            type="button"
            className="ce-button"
            onClick={() => setDialog({ type: 'mkdir' })}
            disabled={!writable}
            data-testid="open-mkdir"
          >
            {t('toolbar.newFolder')}
          </button>
          <button type="button" className="ce-button" onClick={reload} data-testid="refresh">
            {t('toolbar.refresh')}
          </button>
        </div>
        <div className="ce-toolbar__group">
          <label className="ce-inline-field">
            <span>{t('toolbar.sortBy')}</span>
            <select
              className="ce-input ce-select"
              value={settings.sortField}
              onChange={(event) => updateSettings({ sortField: event.target.value as SortField })}
              data-testid="sort-field"
            >
              {SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {t(`toolbar.sort.${field}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="ce-button"
            onClick={() => updateSettings({ sortOrder: settings.sortOrder === 'asc' ? 'desc' : 'asc' })}
            data-testid="sort-order"
            data-order={settings.sortOrder}
          >
            {t(`toolbar.order.${settings.sortOrder}`)}
          </button>
          <div className="ce-segmented" role="group" aria-label={t('toolbar.view')}>
            {(['list', 'grid'] as const).map((view) => (
              <button
                key={view}
                type="button"
                className="ce-button"
                aria-pressed={settings.view === view}
                onClick={() => updateSettings({ view })}
                data-testid={`view-${view}`}
              >
                {t(`toolbar.views.${view}`)}
              </button>
            ))}
          </div>
        </div>
      </div>

      {selected.size > 0 && (
        <div className="ce-selection" role="region" aria-label={t('selection.label')} data-testid="selection-bar">
          <span>{t('selection.count', { count: selected.size })}</span>
          <button
            type="button"
            className="ce-button"
            onClick={() => setDialog({ type: 'copy', items: selectedItems })}
            data-testid="batch-copy"
          >
            {t('selection.copy')}
          </button>
          <button
            type="button"
            className="ce-button ce-button--danger"
            onClick={() => setDialog({ type: 'delete', items: selectedItems })}
            data-testid="batch-delete"
          >
            {t('selection.delete')}
          </button>
          <button type="button" className="ce-button" onClick={() => setSelected(new Set())} data-testid="selection-clear">
            {t('selection.clear')}
          </button>
        </div>
      )}

      <div className="ce-notices" aria-live="polite" data-testid="notices">
        {notices.map((notice) => (
          <div
            key={notice.id}
            className={`ce-alert ce-alert--${notice.kind}`}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            data-testid="notice"
            data-kind={notice.kind}
          >
            <span>{notice.text}</span>
            <button type="button" className="ce-icon-button" onClick={() => dismiss(notice.id)} aria-label={t('notices.dismiss')}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ))}
      </div>

      {uploadOpen && writable && (
        <Suspense fallback={<Loading />}>
          <UploadPanel
            fs={fs}
            http={kernel.http}
            t={kernel.i18n.t}
            directory={directory}
            existingNames={names}
            dropped={dropped}
            onDroppedTaken={() => setDropped(EMPTY)}
            onUploaded={(item) => {
              push('success', t('upload.done', { name: item.file.name }));
              if (item.directory === directory) reload();
            }}
            onClose={() => setUploadOpen(false)}
          />
        </Suspense>
      )}

      {previewPath && previewName && (
        <Suspense fallback={<Loading />}>
          <PreviewPanel
            fs={fs}
            path={previewPath}
            name={previewName}
            version={previewVersion}
            onClose={closePreview}
            onDownload={() => void download(previewPath, previewName)}
            onLink={() => setDialog({ type: 'link', path: previewPath, name: previewName })}
            onEdit={() => setDialog({ type: 'edit', path: previewPath, name: previewName })}
          />
        </Suspense>
      )}

      {listing && 'hasPermission' in listing && listing.hasPermission === false ? (
        <p className="ce-alert ce-alert--info" data-testid="no-permission">
          {t('list.noPermission', { path: root })}
        </p>
      ) : status === 'error' ? (
        <div className="ce-alert ce-alert--error" role="alert" data-testid="list-error">
          <span>{error}</span>
          <button type="button" className="ce-button" onClick={reload} data-testid="list-retry">
            {t('common.retry')}
          </button>
        </div>
      ) : !listing ? (
        <Loading label={t('list.loading')} testId="list-loading" />
      ) : items.length === 0 ? (
        <div className="ce-empty" data-testid="list-empty">
          <p>{directory === '/' ? t('list.emptyRoot') : t('list.empty')}</p>
          {directory !== root && (
            <button type="button" className="ce-button" onClick={() => navigate(routeOfDirectory(parentDirectory(directory)))}>
              {t('list.up')}
            </button>
          )}
        </div>
      ) : (
        <>
          <p className="ce-muted ce-count" data-testid="list-count" aria-live="polite">
            {t('list.count', { count: items.length })}
            {status === 'loading' ? ` · ${t('list.refreshing')}` : ''}
          </p>
          <FileList
            items={items}
            view={settings.view}
            directory={directory}
            selected={selected}
            selectable={writable}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onActions={(item) => {
              setDialogError(null);
              setDialog({ type: 'actions', item });
            }}
            hrefOf={hrefOf}
          />
        </>
      )}

      {dialog?.type === 'actions' && (
        <ActionsDialog
          item={dialog.item}
          actions={actionsOf(dialog.item)}
          onPick={(action) => pick(dialog.item, action)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'mkdir' && (
        <NameDialog
          title={t('mkdir.title')}
          label={t('mkdir.label')}
          submitLabel={t('mkdir.submit')}
          taken={names}
          testId="mkdir-dialog"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            try {
              await fs.mkdir(joinPath(directory, name, true));
              push('success', t('mkdir.done', { name }));
              setDialog(null);
            } finally {
              reload();
            }
          }}
        />
      )}
      {dialog?.type === 'rename' && (
        <NameDialog
          title={t('rename.title', { name: dialog.item.name })}
          label={t('rename.label')}
          submitLabel={t('rename.submit')}
          initial={dialog.item.name}
          taken={names}
          testId="rename-dialog"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const item = dialog.item;
            try {
              await fs.rename(item.path, joinPath(parentDirectory(item.path), name, item.isDirectory));
              push('success', t('rename.done', { from: item.name, to: name }));
              if (previewName === item.name) setSearch({ [PREVIEW_PARAM]: name }, { replace: true });
              setDialog(null);
            } finally {
              reload();
            }
          }}
        />
      )}
      {dialog?.type === 'delete' && (
        <ConfirmDialog
          title={dialog.items.length === 1 ? t('delete.title') : t('delete.batchTitle', { count: dialog.items.length })}
          message={
            dialog.items.length === 1
              ? t(dialog.items[0]!.isDirectory ? 'delete.folderMessage' : 'delete.message', { name: dialog.items[0]!.name })
              : t('delete.batchMessage', {
                  count: dialog.items.length,
                  names:
                    dialog.items
                      .slice(0, 5)
                      .map((item) => item.name)
                      .join(', ') + (dialog.items.length > 5 ? ', …' : ''),
                })
          }
          confirmLabel={t('delete.confirm')}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onConfirm={() => void remove(dialog.items)}
          testId="delete-dialog"
        />
      )}
      {dialog?.type === 'link' && <FileLinkDialog fs={fs} path={dialog.path} name={dialog.name} onClose={() => setDialog(null)} />}
      {dialog?.type === 'edit' && (
        <TextEditorDialog
          fs={fs}
          path={dialog.path}
          name={dialog.name}
          onSaved={() => {
            push('success', t('editor.savedNotice', { name: dialog.name }));
            setPreviewVersion((value) => value + 1);
            reload();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'copy' && (
        <CopyDialog
          fs={fs}
          http={kernel.http}
          t={kernel.i18n.t}
          items={dialog.items}
          startDirectory={directory}
          root={root}
          resolveUrl={resolveUrl}
          onDone={(outcome) => {
            push(outcome.kind, outcome.message);
            setSelected(new Set());
            setDialog(null);
            reload();
          }}
          onClose={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
    </div>
  );
}
