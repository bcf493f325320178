import { lazy, Suspense, useMemo, useReducer, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVER_FEATURE_MOUNT_SEARCH, useKernel, useServerFeature } from '@cloudclip/shared-kernel';
import type { FsListItem, FsSearchHit } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';
import type { FsApi } from '../lib/fs-api';
import { joinPath } from '../lib/fs-path';
import { Loading } from '../components/loading';
import { sortItems } from '../features/browser/utils/sort-items';
import { dialogReducer, NO_DIALOG } from '../features/browser/stores/dialog-state';
import { useListing } from '../features/browser/hooks/use-listing';
import { useViewSettings } from '../features/browser/hooks/use-view-settings';
import { useNotices } from '../features/browser/hooks/use-notices';
import { useSelection } from '../features/browser/hooks/use-selection';
import { usePreviewParam } from '../features/browser/hooks/use-preview-param';
import { useItemActions } from '../features/browser/hooks/use-item-actions';
import { Breadcrumbs } from '../features/browser/components/breadcrumbs';
import { Toolbar } from '../features/browser/components/toolbar';
import { SelectionBar } from '../features/browser/components/selection-bar';
import { Notices } from '../features/browser/components/notices';
import { ListingStatus } from '../features/browser/components/listing-status';
import { FileList } from '../features/browser/components/file-list';
import { isEditableText } from '../features/preview/utils/editable-text';
import { useSearchQuery } from '../features/search/hooks/use-search-query';
import { useSearchResults } from '../features/search/hooks/use-search-results';
import { SEARCH_INPUT_ID, SearchField, SearchUnsupported } from '../features/search/components/search-field';
import { SearchResults } from '../features/search/components/search-results';
import { ExplorerDialogs } from './explorer-dialogs';

// Heavy or occasional parts load on first use: the preview (highlighting, Markdown), the upload panel.
const PreviewPanel = lazy(() => import(/* webpackChunkName: "preview" */ '../features/preview/components/preview-panel'));
const UploadPanel = lazy(() => import(/* webpackChunkName: "upload" */ '../features/upload/components/upload-panel'));

const EMPTY: File[] = [];

/** A search hit previewed in place (not in the folder shown), with the folder it was found from. */
interface HitPreview {
  directory: string;
  path: string;
  name: string;
}

/** One folder of a mount: the browser's parts, the preview and upload features, and the dialogs, composed. */
export function Browser({ fs, directory, root }: { fs: FsApi; directory: string; root: string }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const listingState = useListing(fs, directory);
  const { listing, reload } = listingState;
  const [settings, updateSettings] = useViewSettings(kernel.storage);
  const { notices, push, dismiss } = useNotices();
  const [dialogs, dispatch] = useReducer(dialogReducer, NO_DIALOG);
  /** The upload panel: closed (null), or open with the files dropped on the page that it has not taken yet. */
  const [upload, setUpload] = useState<File[] | null>(null);
  const [previewVersion, setPreviewVersion] = useState(0);
  const preview = usePreviewParam();
  // Search is an addition to the legacy contract: offered only where the backend lists it, and where it
  // says it does not, a hint says so (issue 41). Nothing is shown until that answer is in.
  const searchFeature = useServerFeature(SERVER_FEATURE_MOUNT_SEARCH);
  const searchOffered = searchFeature === true;
  const search = useSearchQuery(directory);
  const searching = searchOffered && search.active;
  const results = useSearchResults(fs, directory, searchOffered ? search.query : '');
  const [hitPreview, setHitPreview] = useState<HitPreview | null>(null);

  const items = useMemo(
    () => sortItems<FsListItem>(listing?.items ?? [], settings.sortField, settings.sortOrder),
    [listing, settings.sortField, settings.sortOrder],
  );
  const writable = !!listing && !listing.isVirtual;
  const names = useMemo(() => new Set((listing?.items ?? []).map((item) => item.name)), [listing]);
  const selection = useSelection(items, directory);
  const actions = useItemActions({
    fs,
    directory,
    notify: push,
    reload,
    dispatch,
    preview,
    clearSelection: selection.clear,
    canEdit: isEditableText,
  });

  const onDropFiles = (event: DragEvent<HTMLDivElement>) => {
    if (!writable) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (!files.length) return;
    event.preventDefault();
    setUpload(files);
  };

  // A hit's preview belongs to the search it was opened from: another folder or a cleared search ends it.
  const shownHit = searching && hitPreview?.directory === directory ? hitPreview : null;
  const previewName = shownHit ? shownHit.name : preview.name;
  const previewPath = shownHit ? shownHit.path : previewName ? joinPath(directory, previewName) : null;
  const closePreview = shownHit ? () => setHitPreview(null) : preview.close;
  const openHit = (hit: FsSearchHit) => setHitPreview({ directory, path: hit.path, name: hit.name });
  const clearSearch = () => {
    search.clear();
    setHitPreview(null);
  };

  return (
    <div
      className="ce-browser"
      data-testid="explorer"
      data-directory={directory}
      onDragOver={(event) => writable && event.dataTransfer?.types?.includes('Files') && event.preventDefault()}
      onDrop={onDropFiles}
    >
      <Breadcrumbs directory={directory} root={root} />
      <Toolbar
        writable={writable}
        settings={settings}
        onSettings={updateSettings}
        onUpload={() => setUpload((dropped) => dropped ?? EMPTY)}
        onNewFolder={() => dispatch({ type: 'open', dialog: { type: 'mkdir' } })}
        onRefresh={reload}
        search={
          searchOffered ? (
            <SearchField
              text={search.text}
              onText={search.setText}
              onSubmit={search.submit}
              onClear={clearSearch}
              invalid={search.problem !== null}
              active={searching}
            />
          ) : (
            searchFeature === false && <SearchUnsupported />
          )
        }
      />
      {!searching && selection.selected.size > 0 && (
        <SelectionBar
          count={selection.selected.size}
          onCopy={() => dispatch({ type: 'open', dialog: { type: 'copy', items: selection.selectedItems } })}
          onDelete={() => dispatch({ type: 'open', dialog: { type: 'delete', items: selection.selectedItems } })}
          onClear={selection.clear}
        />
      )}
      <Notices notices={notices} onDismiss={dismiss} />

      {upload && writable && (
        <Suspense fallback={<Loading />}>
          <UploadPanel
            fs={fs}
            http={kernel.http}
            t={kernel.i18n.t}
            directory={directory}
            existingNames={names}
            dropped={upload}
            onDroppedTaken={() => setUpload(EMPTY)}
            onUploaded={(item) => {
              push('success', t('upload.done', { name: item.file.name }));
              if (item.directory === directory) reload();
            }}
            onClose={() => setUpload(null)}
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
            onDownload={() => void actions.download(previewPath, previewName)}
            onLink={() => dispatch({ type: 'open', dialog: { type: 'link', path: previewPath, name: previewName } })}
            onEdit={() => dispatch({ type: 'open', dialog: { type: 'edit', path: previewPath, name: previewName } })}
          />
        </Suspense>
      )}

      {searching ? (
        <SearchResults
          results={results}
          query={search.text.trim()}
          problem={search.problem}
          directory={directory}
          onOpenFile={openHit}
          onEscape={() => {
            clearSearch();
            document.getElementById(SEARCH_INPUT_ID)?.focus();
          }}
        />
      ) : (
        <ListingStatus {...listingState} directory={directory} root={root} count={items.length}>
          <FileList
            items={items}
            view={settings.view}
            directory={directory}
            selected={selection.selected}
            selectable={writable}
            onToggle={selection.toggle}
            onToggleAll={selection.toggleAll}
            onActions={(item) => dispatch({ type: 'open', dialog: { type: 'actions', item } })}
            hrefOf={actions.hrefOf}
          />
        </ListingStatus>
      )}

      <ExplorerDialogs
        state={dialogs}
        dispatch={dispatch}
        actions={actions}
        fs={fs}
        directory={directory}
        root={root}
        names={names}
        notify={push}
        reload={reload}
        clearSelection={selection.clear}
        onSaved={() => setPreviewVersion((value) => value + 1)}
      />
    </div>
  );
}
