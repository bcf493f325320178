import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useDarkTheme, type RemoteAppProps } from '@cloudclip/shared-kernel';
import { KernelProvider } from '../hooks/use-kernel';
import { Loading } from '../components/loading';
import { PATHS } from '../config/paths';
import '../styles/public.css';

/*
 * One chunk per page: the editor (bytemd + CodeMirror) is only downloaded on `/`; the paste and
 * file views share the Markdown viewer chunk (unified + sanitize) and never load the editor.
 */
const EditorPage = lazy(() => import(/* webpackChunkName: "page-editor" */ '../features/editor/components/editor-page'));
const PastePage = lazy(() => import(/* webpackChunkName: "page-paste" */ '../features/paste-view/components/paste-page'));
const FilePage = lazy(() => import(/* webpackChunkName: "page-file" */ '../features/file-view/components/file-page'));

/** The remote's own router under the basename the host gives it. */
export function App({ kernel, basename }: RemoteAppProps) {
  const dark = useDarkTheme(kernel);
  return (
    <div className="cc-remote cp-root" data-remote="cloudclip_public" data-dark={dark ? 'true' : 'false'}>
      <KernelProvider kernel={kernel}>
        <BrowserRouter basename={basename} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Suspense fallback={<Loading />}>
            <Routes>
              <Route path={PATHS.home} element={<EditorPage />} />
              <Route path={PATHS.paste} element={<PastePage />} />
              <Route path={PATHS.file} element={<FilePage />} />
              <Route path="*" element={<Navigate to={PATHS.home} replace />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </KernelProvider>
    </div>
  );
}
