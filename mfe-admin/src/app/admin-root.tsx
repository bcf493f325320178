import { Suspense, useEffect } from 'react';
import { Spin } from 'antd';
import { useLocation } from 'react-router-dom';
import { lazyPage, useDarkTheme, type RemoteProps, useKernel, useSession } from '@cloudclip/shared-kernel';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { REMOTE } from '../remote';
import { moduleOfPath } from './module-registry';

// The login page and the panel are chunks of their own: a visitor who is not logged in never
// downloads ProLayout and the modules' containers, and an admin never downloads the login form.
const LoginPage = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "page-login" */ '../features/auth/components/login-page')).LoginPage,
}));
const AdminPanel = lazyPage(() => import(/* webpackChunkName: "admin-panel" */ './admin-panel'));

/** Loads what the area shows first, before its first render: the panel with a session, else the login page. */
export function preloadAdminPage({ kernel }: RemoteProps): Promise<void> {
  const session = kernel.session.snapshot;
  return session.adminToken || session.apiKey ? AdminPanel.preload() : LoginPage.preload();
}

/**
 * The area's one element: the login page while nobody is logged in, else the layout with the module
 * of the URL. `data-page` is `home` on `/admin`, the module name on `/admin/{module}`.
 */
export function AdminRoot() {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const dark = useDarkTheme(kernel);
  const location = useLocation();
  const module = moduleOfPath(location.pathname);
  const kind = session.adminToken ? 'admin' : session.apiKey ? 'apiKey' : 'anonymous';

  // A key's permissions may have changed since it was stored: refresh them when the panel opens.
  useEffect(() => {
    if (kind === 'apiKey') void kernel.auth.checkApiKey();
  }, [kernel, kind]);

  const page = location.pathname === '/' || location.pathname === '' ? 'home' : (module ?? 'unknown');
  return (
    <div
      className={`cc-remote cc-admin${dark ? ' cc-admin--dark' : ''}`}
      data-remote={REMOTE.name}
      data-dark={dark ? 'true' : 'false'}
      data-testid="area-page"
      data-area="admin"
      data-page={page}
      data-view={kind === 'anonymous' ? 'login' : 'panel'}
      data-session={kind}
    >
      <Suspense
        fallback={
          <div className="cc-admin-center" role="status">
            <Spin />
            <span className="cc-visually-hidden">{t('common.loading')}</span>
          </div>
        }
      >
        {kind === 'anonymous' ? (
          <LoginPage />
        ) : (
          <AdminPanel
            session={session}
            module={module}
            kind={kind}
            who={kind === 'admin' ? t('layout.administrator') : (session.apiKeyInfo?.name ?? t('layout.roleKey'))}
          />
        )}
      </Suspense>
    </div>
  );
}
