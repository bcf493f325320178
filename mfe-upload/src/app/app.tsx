import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { type RemoteAppProps, RemoteAppRoot } from '@cloudclip/shared-kernel';
import { UploadPage } from './upload-page';
import { REMOTE } from '../remote';
import '../styles/upload.css';

/** The remote's own router under the basename the host gives it (`/upload`). */
export function App({ kernel, basename }: RemoteAppProps) {
  return (
    <RemoteAppRoot kernel={kernel} basename={basename} name={REMOTE.name} rootClass="cu-root" Router={BrowserRouter}>
      <Routes>
        <Route path="/" element={<UploadPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </RemoteAppRoot>
  );
}
