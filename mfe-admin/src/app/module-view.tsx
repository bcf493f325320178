import { Suspense, lazy, type ComponentType } from 'react';
import { Spin } from 'antd';
import { PageContainer } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { AdminModule, SessionState } from '@cloudclip/shared-kernel';
import { PermissionDenied } from '../features/auth/components/permission-denied';
import { NAMESPACE } from '../i18n/resources';
import { moduleAccess } from './module-registry';

type PageProps = { access: 'full' | 'user' };

/** Each module is its own chunk, loaded when first opened. */
const PAGES: Record<AdminModule, ComponentType<PageProps>> = {
  dashboard: lazy(() => import('../features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  'text-management': lazy(() =>
    import('../features/text-management/components/text-management-page').then((m) => ({ default: m.TextManagementPage })),
  ),
  'file-management': lazy(() =>
    import('../features/file-management/components/file-management-page').then((m) => ({ default: m.FileManagementPage })),
  ),
  'storage-config': lazy(() =>
    import('../features/storage-config/components/storage-config-page').then((m) => ({ default: m.StorageConfigPage })),
  ),
  'mount-management': lazy(() =>
    import('../features/mount-management/components/mount-management-page').then((m) => ({ default: m.MountManagementPage })),
  ),
  'key-management': lazy(() =>
    import('../features/key-management/components/key-management-page').then((m) => ({ default: m.KeyManagementPage })),
  ),
  settings: lazy(() => import('../features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage }))),
  backup: lazy(() => import('../features/backup/components/backup-page').then((m) => ({ default: m.BackupPage }))),
};

/** The module's page in a page container, or the permission-denied page when the session may not open it. */
export function ModuleView({ module, session }: { module: AdminModule; session: SessionState }) {
  const { t } = useTranslation(NAMESPACE);
  const access = moduleAccess(module, session);
  const Page = PAGES[module];
  return (
    <div data-testid="admin-module" data-module={module} data-access={access}>
      <PageContainer
        title={<h1 className="cc-admin-title">{t(`common:adminModules.${module}`)}</h1>}
        breadcrumbRender={false}
        className="cc-admin-page"
      >
        {access === 'none' ? (
          <PermissionDenied />
        ) : (
          <Suspense
            fallback={
              <div className="cc-admin-center" role="status">
                <Spin />
              </div>
            }
          >
            <Page access={access} />
          </Suspense>
        )}
      </PageContainer>
    </div>
  );
}
