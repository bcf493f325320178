import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { uploadAccess } from '../lib/upload-access';
import { AccessNotice } from '../components/access-notice';
import { UploadPageHead } from './upload-page-head';
import { UploadOptionsForm } from '../features/upload-options/components/upload-options-form';
import { useUploadOptions } from '../features/upload-options/hooks/use-upload-options';
import { useMaxUploadSize } from '../features/upload-options/hooks/use-max-upload-size';
import { FileUploadPanel } from '../features/file-upload/components/file-upload-panel';
import { useFileSelection } from '../features/file-upload/hooks/use-file-selection';
import { usePageFileIntake } from '../features/file-upload/hooks/use-page-file-intake';
import { SharedFilesNotice } from '../features/shared-files/components/shared-files-notice';
import { useSharedFiles } from '../features/shared-files/hooks/use-shared-files';
import { UrlUploadPanel } from '../features/url-upload/components/url-upload-panel';
import { RecentUploadsList } from '../features/recent-uploads/components/recent-uploads-list';
import { useRecentUploads } from '../features/recent-uploads/hooks/use-recent-uploads';
import { useKernel, useSession } from '@cloudclip/shared-kernel';

/** The admin remote holds the login: the host navigates there (bus `navigate`). */
export const LOGIN_PATH = '/admin';

const TABS = ['files', 'url'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/upload`: options, file upload / URL upload tabs, recent uploads. Files come into the selection
 * from the file dialog, a drop anywhere on the page, a paste, or the share inbox (`?share=<id>`);
 * they wait there for "Start upload", whatever brought them.
 */
export function UploadPage() {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  const session = useSession();
  const access = uploadAccess(session);
  const maxUploadMb = useMaxUploadSize();
  const options = useUploadOptions(access.allowed);
  const recent = useRecentUploads();
  const [tab, setTab] = useState<Tab>('files');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ files: null, url: null });
  const selection = useFileSelection();
  const addFiles = selection.add;
  // Files dropped or pasted while the URL tab is shown go to the files tab, which then shows them.
  const takeFiles = useCallback(
    (files: File[]) => {
      addFiles(files);
      setTab('files');
    },
    [addFiles],
  );
  usePageFileIntake({ enabled: access.allowed, onFiles: takeFiles });
  const shared = useSharedFiles({ enabled: access.allowed, onFiles: takeFiles });

  const remember = useCallback(
    (result: { slug: string; filename: string; size: number; path: string; password: string | null }) =>
      recent.add({
        slug: result.slug,
        filename: result.filename,
        size: result.size,
        path: result.path,
        hasPassword: !!result.password,
        uploadedAt: Date.now(),
      }),
    [recent],
  );

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.indexOf(tab);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : null;
    if (!target) return;
    event.preventDefault();
    setTab(target);
    tabRefs.current[target]?.focus();
  };

  return (
    <div className="cu-page">
      <UploadPageHead data-testid="area-page" data-area="upload" data-page="home" />
      <SharedFilesNotice state={shared} />
      {!access.allowed ? (
        <AccessNotice reason={access.reason} onLogin={() => kernel.bus.emit('navigate', { to: LOGIN_PATH })} />
      ) : (
        <>
          <UploadOptionsForm controller={options} maxUploadMb={maxUploadMb} />
          <div className="cu-tabs" role="tablist" aria-label={t('page.tabsLabel')}>
            {TABS.map((id) => (
              <button
                key={id}
                ref={(element) => {
                  tabRefs.current[id] = element;
                }}
                type="button"
                role="tab"
                id={`cu-tab-${id}`}
                className="cu-tab"
                aria-selected={tab === id}
                aria-controls={`cu-panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
                onKeyDown={onTabKey}
                data-testid={`tab-${id}`}
              >
                {t(id === 'files' ? 'page.tabFiles' : 'page.tabUrl')}
              </button>
            ))}
          </div>
          {/* Both panels stay mounted: switching tabs never stops a running upload. */}
          <div role="tabpanel" id="cu-panel-files" aria-labelledby="cu-tab-files" hidden={tab !== 'files'}>
            <FileUploadPanel
              scope={access.scope}
              maxUploadMb={maxUploadMb}
              resolveOptions={options.resolve}
              onUploaded={remember}
              selection={selection}
            />
          </div>
          <div role="tabpanel" id="cu-panel-url" aria-labelledby="cu-tab-url" hidden={tab !== 'url'}>
            <UrlUploadPanel maxUploadMb={maxUploadMb} resolveOptions={options.resolve} onUploaded={remember} />
          </div>
        </>
      )}
      <RecentUploadsList items={recent.items} onRemove={recent.remove} onClear={recent.clear} />
    </div>
  );
}
