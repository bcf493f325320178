import { useEffect, useRef, useState, type ReactElement } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { isAdminModule, useSession, type Kernel } from '@cloudclip/shared-kernel';
import { AREAS, ROUTES, remoteForPath, type AreaId } from './route-registry';
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
import { fetchEnvironmentManifest } from '../features/remote-slot/api/environment-manifest';
import { OfflinePage } from '../features/offline/components/offline-page';
import { pageConnectivity, useConnectivity, type Connectivity } from '../features/offline/connectivity';
import { UpdateNotice } from '../features/app-install/components/update-notice';
import type { PinnedReleases } from '../features/app-install/release-fingerprint';
import { FileDrop } from '../features/file-drop/components/file-drop';

const AREA_REMOTES = Object.values(AREAS).map((item) => item.remote);
/** Once the first page is up, the other areas' remotes download while the browser is idle. */
const prefetchOtherAreas = () => prefetchWhenIdle(AREA_REMOTES);
/** A nav link about to be followed: its remote starts downloading now. */
const prefetchLinkTarget = (to: string) => prefetchRemote(remoteForPath(to));

/** The releases the environment pins now: one try at /env.json past every cache (the update notice asks again later). */
const fetchPinnedReleases = () => fetchEnvironmentManifest('/env.json', 1);

/** The offline page inside the shell; the boot page's first screen of the address goes with it. */
const offlinePage = <OfflinePage onShown={dismissFirstScreen} />;

function AreaSlot({ kernel, area, online }: { kernel: Kernel; area: AreaId; online: boolean }) {
  const { remote, basename } = AREAS[area];
  return (
    <RemoteSlot
      key={remote}
      kernel={kernel}
      remote={remote}
      basename={basename}
      onMounted={prefetchOtherAreas}
      unavailable={online ? undefined : offlinePage}
    />
  );
}

function AdminArea({ kernel, online }: { kernel: Kernel; online: boolean }) {
  const { module } = useParams();
  const checked = useAdminGuard(kernel, true);
  if (module !== undefined && !isAdminModule(module)) return <Navigate to="/admin" replace />;
  if (!checked) return <div className="cc-loading" role="status" />;
  return <AreaSlot kernel={kernel} area="admin" online={online} />;
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

export interface AppProps {
  kernel: Kernel;
  /** The releases the page booted with (the environment manifest it runs); without it no update notice is shown. */
  environment?: Promise<PinnedReleases>;
  connectivity?: Connectivity;
}

/**
 * Whether the page at `pathname` is to be the offline page: the connection was gone when the
 * visitor came to it. A page already open stays when the connection drops (an upload queue or an
 * admin form is not thrown away; what it asks of the server fails and says so); the offline page
 * goes as soon as the connection is back.
 */
function useOfflineHere(online: boolean, pathname: string): boolean {
  const [here, setHere] = useState({ pathname, offline: !online });
  if (here.pathname !== pathname || (online && here.offline)) {
    const next = { pathname, offline: !online };
    setHere(next);
    return next.offline;
  }
  return here.offline;
}

function Shell({ kernel, environment, connectivity = pageConnectivity() }: AppProps) {
  useDocumentTitle();
  useFirstScreenLeftBehind();
  const location = useLocation();
  const session = useSession(kernel);
  const online = useConnectivity(connectivity);
  const offlineHere = useOfflineHere(online, location.pathname);
  const showEnvSwitcher = shouldShowEnvSwitcher(location.search, !!session.adminToken);
  /** `/` (the editor and its drafts) and `/paste/:slug` (pastes kept for offline reading) work offline; other pages need the network. */
  const needsNetwork = (element: ReactElement) => (offlineHere ? offlinePage : element);
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
          <Route path="/" element={<AreaSlot kernel={kernel} area="public" online={online} />} />
          <Route path="/paste/:slug" element={<AreaSlot kernel={kernel} area="public" online={online} />} />
          <Route path="/file/:slug" element={needsNetwork(<AreaSlot kernel={kernel} area="public" online={online} />)} />
          <Route path="/upload" element={needsNetwork(<AreaSlot kernel={kernel} area="upload" online={online} />)} />
          <Route path="/admin" element={needsNetwork(<AdminArea kernel={kernel} online={online} />)} />
          <Route path="/admin/:module" element={needsNetwork(<AdminArea kernel={kernel} online={online} />)} />
          <Route path="/mount-explorer/*" element={needsNetwork(<AreaSlot kernel={kernel} area="explorer" online={online} />)} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
      <Footer />
      {environment && <UpdateNotice booted={environment} fetchCurrent={fetchPinnedReleases} online={online} />}
      <FileDrop enabled={remoteForPath(location.pathname) !== AREAS.upload.remote} uploadPath={ROUTES.upload} />
    </div>
  );
}

export function App(props: AppProps) {
  return (
    <I18nextProvider i18n={props.kernel.i18n.i18n}>
      <BrowserRouter>
        <Shell {...props} />
      </BrowserRouter>
    </I18nextProvider>
  );
}
