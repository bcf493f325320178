import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, matchPath } from 'react-router-dom';
import { lazyPage, toBoolean, type Kernel, type RemoteAppProps, RemoteAppRoot } from '@cloudclip/shared-kernel';
import { earlyPasteLoad } from '../features/paste-view/api/paste-api';
import { earlyFileInfoLoad, earlyFileTextLoad, fileLinks } from '../features/file-view/api/file-api';
import { previewsText } from '../features/file-view/utils/file-kind';
import { Loading } from '../components/loading';
import { PATHS } from '../config/paths';
import { REMOTE } from '../remote';
import '../styles/public.css';

/*
 * One chunk per page: the editor (bytemd + CodeMirror) is only downloaded on `/`; the paste and
 * file views share the Markdown viewer chunk (unified + sanitize) and never load the editor.
 */
const EditorPage = lazyPage(() => import(/* webpackChunkName: "page-editor" */ '../features/editor/components/editor-page'));
const PastePage = lazyPage(() => import(/* webpackChunkName: "page-paste" */ '../features/paste-view/components/paste-page'));
const FilePage = lazyPage(() => import(/* webpackChunkName: "page-file" */ '../features/file-view/components/file-page'));

/**
 * How long the first render of a share page waits for its content (a paste, a text file's text)
 * beyond its own code (ms). On loopback the content is in before the page's code has run, or a few
 * ms after (a text file's text is asked for when the remote starts), and the page comes in with it
 * in one step instead of a "loading" frame first. Kept short: when the content is a longer round
 * trip away, a page that waited would still be rendering when it arrives and show it later than
 * one that rendered at once (slow 4G, /file: 1,656 → 1,736–1,800 ms with 150 ms).
 */
export const FIRST_RENDER_CONTENT_WAIT_MS = 50;

/**
 * Settles once the page's code has loaded and, if content was asked for, once that content has
 * arrived or FIRST_RENDER_CONTENT_WAIT_MS have passed since this call, whichever is first. Only the
 * code's failure rejects it.
 */
function pageWithContent(page: Promise<unknown>, content: Promise<unknown> | null | undefined): Promise<void> {
  const waited = content
    ? new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, FIRST_RENDER_CONTENT_WAIT_MS);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        content.then(done, done);
      })
    : undefined;
  return Promise.all([page, waited]).then(() => undefined);
}

/**
 * Loads the page of an address before the remote's first render (createRemoteSpa's `preload`);
 * a paste's text or a file's details (and then a text file's text) are asked for at the same time.
 */
export function preloadPage(pathname: string, kernel: Kernel): Promise<void> {
  const paste = matchPath(PATHS.paste, pathname)?.params.slug;
  if (paste) {
    earlyPasteLoad.start(kernel, paste);
    return pageWithContent(PastePage.preload(), earlyPasteLoad.started(paste));
  }
  const file = matchPath(PATHS.file, pathname)?.params.slug;
  if (file) {
    earlyFileInfoLoad.start(kernel, file);
    // Then a text file's text, as soon as the details say the preview shows it (a protected file
    // has no links before its password is verified).
    const text = earlyFileInfoLoad.started(file)?.then(
      (info) => {
        if (toBoolean(info.requires_password) || !previewsText(info)) return undefined;
        const preview = fileLinks(kernel, info, null).preview;
        earlyFileTextLoad.start(kernel, preview);
        return earlyFileTextLoad.started(preview);
      },
      () => undefined,
    );
    return pageWithContent(FilePage.preload(), text);
  }
  return EditorPage.preload();
}

/** The remote's own router under the basename the host gives it. */
export function App({ kernel, basename }: RemoteAppProps) {
  return (
    <RemoteAppRoot kernel={kernel} basename={basename} name={REMOTE.name} rootClass="cp-root" Router={BrowserRouter}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path={PATHS.home} element={<EditorPage />} />
          <Route path={PATHS.paste} element={<PastePage />} />
          <Route path={PATHS.file} element={<FilePage />} />
          <Route path="*" element={<Navigate to={PATHS.home} replace />} />
        </Routes>
      </Suspense>
    </RemoteAppRoot>
  );
}
