import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { type RemoteAppProps, RemoteAppRoot } from '@cloudclip/shared-kernel';
import { ExplorerPage } from './explorer-page';
import { REMOTE } from '../remote';
import '../styles/explorer.css';

/** The remote's own router under the basename the host gives it (`/mount-explorer`). */
export function App({ kernel, basename }: RemoteAppProps) {
  return (
    <RemoteAppRoot kernel={kernel} basename={basename} name={REMOTE.name} rootClass="ce-root" Router={BrowserRouter}>
      <Routes>
        <Route path="/*" element={<ExplorerPage />} />
      </Routes>
    </RemoteAppRoot>
  );
}
