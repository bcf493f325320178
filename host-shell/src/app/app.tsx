import { useEffect, useRef } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { isAdminModule, useSession, type Kernel } from '@cloudclip/shared-kernel';
import { AREAS, remoteForPath, type AreaId } from './route-registry';
import { Header } from '../features/layout/components/header';
import { Footer } from '../features/layout/components/footer';
import { RemoteSlot } from '../features/remote-slot/components/remote-slot';
import { prefetchRemote, prefetchWhenIdle } from '../features/remote-slot/api/remote-prefetch';
import { useAdminGuard } from '../features/route-guard/hooks/use-admin-guard';
import { useDocumentTitle } from '../features/document-title/hooks/use-document-title';
import { SessionNotice } from '../features/session-notice/components/session-notice';
import { EnvSwitcher } from '../features/env-switcher/components/env-switcher';
import { shouldShowEnvSwitcher } from '../features/env-switcher/env-presets';
import { dismissFirstScreen } from '../features/remote-slot/first-screen';

const AREA_REMOTES = Object.values(AREAS).map((item) => item.remote);
/** Once the first page is up, the other areas' remotes download while the browser is idle. */
const prefetchOtherAreas = () => prefetchWhenIdle(AREA_REMOTES);
/** A nav link about to be followed: its remote starts downloading now. */
const prefetchLinkTarget = (to: string) => prefetchRemote(remoteForPath(to));

function AreaSlot({ kernel, area }: { kernel: Kernel; area: AreaId }) {
  const { remote, basename } = AREAS[area];
  return <RemoteSlot key={remote} kernel={kernel} remote={remote} basename={basename} onMounted={prefetchOtherAreas} />;
}

function AdminArea({ kernel }: { kernel: Kernel }) {
  const { module } = useParams();
  const checked = useAdminGuard(kernel, true);
  if (module !== undefined && !isAdminModule(module)) return <Navigate to="/admin" replace />;
  if (!checked) return <div className="cc-loading" role="status" />;
  return <AreaSlot kernel={kernel} area="admin" />;
}

/** Remotes ask for cross-area navigation on the bus; the host performs it. */
function BusNavigation({ kernel }: { kernel: Kernel }) {
  const navigate = useNavigate();
  useEffect(() => {
    const subscription = kernel.bus.on('navigate').subscribe(({ to, replace }) => navigate(to, { replace: !!replace }));
    return () => subscription.unsubscribe();
  }, [kernel, navigate]);
  return null;
}

/** The boot page's first screen shows the address the page was loaded at: leaving it drops it. */
function useFirstScreenLeftBehind() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current) dismissFirstScreen();
  }, [pathname]);
}

function Shell({ kernel }: { kernel: Kernel }) {
  useDocumentTitle();
  useFirstScreenLeftBehind();
  const location = useLocation();
  const session = useSession(kernel);
  const showEnvSwitcher = shouldShowEnvSwitcher(location.search, !!session.adminToken);
  return (
    <div className="cc-shell">
      <a className="cc-skip-link" href="#cc-main">
        {kernel.i18n.t('shell:nav.skipToContent')}
      </a>
      <Header kernel={kernel} onNavIntent={prefetchLinkTarget} />
      <SessionNotice kernel={kernel} />
      <BusNavigation kernel={kernel} />
      <main id="cc-main" className="cc-main" tabIndex={-1}>
        {showEnvSwitcher && <EnvSwitcher kernel={kernel} />}
        <Routes>
          <Route path="/" element={<AreaSlot kernel={kernel} area="public" />} />
          <Route path="/paste/:slug" element={<AreaSlot kernel={kernel} area="public" />} />
          <Route path="/file/:slug" element={<AreaSlot kernel={kernel} area="public" />} />
          <Route path="/upload" element={<AreaSlot kernel={kernel} area="upload" />} />
          <Route path="/admin" element={<AdminArea kernel={kernel} />} />
          <Route path="/admin/:module" element={<AdminArea kernel={kernel} />} />
          <Route path="/mount-explorer/*" element={<AreaSlot kernel={kernel} area="explorer" />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <Footer />
    </div>
  );
}

export function App({ kernel }: { kernel: Kernel }) {
  return (
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <BrowserRouter>
        <Shell kernel={kernel} />
      </BrowserRouter>
    </I18nextProvider>
  );
}
