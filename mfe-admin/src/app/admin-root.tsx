import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useDarkTheme } from '@cloudclip/shared-kernel';
import { useKernel } from '../lib/kernel-context';
import { useSession } from '../lib/use-kernel-state';
import { LoginPage } from '../features/auth/components/login-page';
import { AdminLayout } from '../features/layout/components/admin-layout';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { isAdminModule, moduleOfPath, modulePath, visibleModules } from './module-registry';
import { ModuleView } from './module-view';

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
      data-remote="cloudclip_admin"
      data-dark={dark ? 'true' : 'false'}
      data-testid="area-page"
      data-area="admin"
      data-page={page}
      data-view={kind === 'anonymous' ? 'login' : 'panel'}
      data-session={kind}
    >
      {kind === 'anonymous' ? (
        <LoginPage />
      ) : (
        <AdminLayout
          modules={visibleModules(session)}
          current={module}
          pathOf={(name) => (isAdminModule(name) ? modulePath(name) : '/')}
          kind={kind}
          who={kind === 'admin' ? t('layout.administrator') : (session.apiKeyInfo?.name ?? t('layout.roleKey'))}
        >
          {module && <ModuleView module={module} session={session} />}
        </AdminLayout>
      )}
    </div>
  );
}
