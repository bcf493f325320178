import { BrowserRouter } from 'react-router-dom';
import { KernelProvider, ROUTER_FUTURE } from '@cloudclip/shared-kernel';
import type { RemoteAppProps } from '@cloudclip/shared-kernel';
import { AppProviders } from './app-providers';
import { AdminRoot } from './admin-root';
import '../styles/admin.css';
import '../styles/admin-phone.css';

/** The remote's root: kernel, antd/pro providers, and its own router under the basename the host gives it. */
export function App({ kernel, basename }: RemoteAppProps) {
  return (
    <KernelProvider kernel={kernel}>
      <AppProviders>
        <BrowserRouter basename={basename} future={ROUTER_FUTURE}>
          <AdminRoot />
        </BrowserRouter>
      </AppProviders>
    </KernelProvider>
  );
}
