import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { useDarkTheme, type RemoteAppProps, KernelProvider } from '@cloudclip/shared-kernel';
import { UploadPage } from './upload-page';
import { REMOTE } from '../remote';
import '../styles/upload.css';

/** The remote's own router under the basename the host gives it (`/upload`). */
export function App({ kernel, basename }: RemoteAppProps) {
  const dark = useDarkTheme(kernel);
  return (
    <div className="cc-remote cu-root cc-app" data-remote={REMOTE.name} data-dark={dark ? 'true' : 'false'}>
      <KernelProvider kernel={kernel}>
        <BrowserRouter basename={basename} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Routes>
            <Route path="/" element={<UploadPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </BrowserRouter>
      </KernelProvider>
    </div>
  );
}
