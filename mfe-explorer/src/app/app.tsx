import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useDarkTheme, type RemoteAppProps, KernelProvider } from '@cloudclip/shared-kernel';
import { ExplorerPage } from './explorer-page';
import { REMOTE } from '../remote';
import '../styles/explorer.css';

/** The remote's own router under the basename the host gives it (`/mount-explorer`). */
export function App({ kernel, basename }: RemoteAppProps) {
  const dark = useDarkTheme(kernel);
  return (
    <div className="cc-remote ce-root cc-app" data-remote={REMOTE.name} data-dark={dark ? 'true' : 'false'}>
      <KernelProvider kernel={kernel}>
        <BrowserRouter basename={basename} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/*" element={<ExplorerPage />} />
          </Routes>
        </BrowserRouter>
      </KernelProvider>
    </div>
  );
}
