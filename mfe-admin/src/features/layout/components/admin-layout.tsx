import { useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import {
  ApiOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { useLogout } from '../../../hooks/use-logout';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  'text-management': <FileTextOutlined aria-hidden />,
  'file-management': <FolderOpenOutlined aria-hidden />,
  'storage-config': <CloudServerOutlined aria-hidden />,
  'mount-management': <ApiOutlined aria-hidden />,
  'key-management': <KeyOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  backup: <DatabaseOutlined aria-hidden />,
};

/** ProLayout's mobile breakpoint (below md). */
function isPhone(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches;
}

export interface AdminLayoutProps {
  /** The modules in the menu, in order. */
  modules: readonly string[];
  /** The module shown now (`null`: none selected). */
  current: string | null;
  /** Path of a module under the router's basename. */
  pathOf: (module: string) => string;
  /** 'admin' or 'apiKey' (changes the logout wording and the badge). */
  kind: 'admin' | 'apiKey';
  /** Shown next to the badge: "Administrator" or the key's name. */
  who: string;
  /**
   * The header's search (the admin's global search), if any: a bar above the module on wide screens,
   * in ProLayout's mobile header on phones.
   */
  search?: ReactNode;
  children: ReactNode;
}

/** Pro layout with a side menu; on narrow screens the menu collapses into a drawer. */
export function AdminLayout({ modules, current, pathOf, kind, who, search, children }: AdminLayoutProps) {
  const { t } = useTranslation(NAMESPACE);
  const logout = useLogout();
  const routes = modules.map((module) => ({ path: `/${module}`, name: t(`common:adminModules.${module}`), icon: ICONS[module] }));
  const logoutLabel = t(kind === 'admin' ? 'auth.logout' : 'auth.keyLogout');
  // On phones the menu is a drawer: it starts closed and closes again once a module is picked.
  const [collapsed, setCollapsed] = useState(isPhone);
  const narrow = useNarrowScreen();
  return (
    <ProLayout
      className="cc-admin-layout"
      // No `title`: ProLayout would write it into document.title (the host owns titles).
      title={false}
      logo={<DashboardOutlined aria-hidden />}
      layout="side"
      fixSiderbar={false}
      fixedHeader={false}
      siderWidth={216}
      breakpoint="lg"
      location={{ pathname: current ? `/${current}` : '/' }}
      route={{ path: '/', routes }}
      menu={{ locale: false }}
      collapsed={collapsed}
      onCollapse={setCollapsed}
      pageTitleRender={false}
      menuItemRender={(item, dom) =>
        item.path ? (
          <Link
            to={pathOf(item.path.replace(/^\//, ''))}
            data-testid={`menu-${item.path.replace(/^\//, '')}`}
            onClick={() => {
              if (isPhone()) setCollapsed(true);
            }}
          >
            {dom}
          </Link>
        ) : (
          dom
        )
      }
      menuFooterRender={(props) => (
        <div className="cc-admin-layout__footer" data-collapsed={props?.collapsed ? 'true' : 'false'}>
          {!props?.collapsed && (
            <div className="cc-admin-layout__who" data-testid="session-who">
              <Tag>{t(kind === 'admin' ? 'layout.roleAdmin' : 'layout.roleKey')}</Tag>
              {kind === 'apiKey' && <span className="cc-admin-layout__name">{who}</span>}
            </div>
          )}
          <Button
            block
            icon={<LogoutOutlined />}
            onClick={() => void logout()}
            data-testid="logout-button"
            aria-label={logoutLabel}
            title={logoutLabel}
          >
            {props?.collapsed ? null : logoutLabel}
          </Button>
        </div>
      )}
      menuHeaderRender={(logo) => (
        <span className="cc-admin-layout__brand">
          {logo}
          <span className="cc-admin-layout__title">{t('layout.title')}</span>
        </span>
      )}
      headerTitleRender={(logo) => (
        <span className="cc-admin-layout__brand">
          {logo}
          <span className="cc-admin-layout__title">{t('layout.title')}</span>
        </span>
      )}
      // ProLayout shows a header only on phones (side layout): the search sits there, else above the module.
      headerContentRender={search ? () => <div className="cc-admin-layout__header-search">{search}</div> : undefined}
      token={{
        bgLayout: 'transparent',
        pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: narrow ? 8 : 16 },
      }}
    >
      {search && !narrow && (
        <div className="cc-admin-layout__topbar" role="search">
          {search}
        </div>
      )}
      {children}
    </ProLayout>
  );
}
