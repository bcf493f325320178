import { isAdminModule, type AdminModule, type SessionState } from '@cloudclip/shared-kernel';
import { ProLocaleProvider } from './pro-locale-provider';
import { AdminLayout } from '../features/layout/components/admin-layout';
import { GlobalSearch } from '../features/global-search/components/global-search';
import { modulePath, visibleModules } from './module-registry';
import { ModuleView } from './module-view';

/**
 * The logged-in panel: the layout (ProLayout) with the module of the URL, under pro-components'
 * locale. Its own chunk, loaded once someone is logged in, so the login page never downloads
 * pro-components.
 */
export default function AdminPanel({
  session,
  module,
  kind,
  who,
}: {
  session: SessionState;
  module: AdminModule | null;
  kind: 'admin' | 'apiKey';
  who: string;
}) {
  const pathOf = (name: string) => (isAdminModule(name) ? modulePath(name) : '/');
  return (
    <ProLocaleProvider>
      <AdminLayout
        modules={visibleModules(session)}
        current={module}
        pathOf={pathOf}
        kind={kind}
        who={who}
        // Only the admin searches everything; a key holder's tables search its own items.
        search={kind === 'admin' ? <GlobalSearch pathOf={pathOf} /> : undefined}
      >
        {module && <ModuleView module={module} session={session} />}
      </AdminLayout>
    </ProLocaleProvider>
  );
}
