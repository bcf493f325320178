import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SERVER_FEATURE_SEARCH, useServerFeature, useSession } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { useNarrowScreen } from '../../../hooks/use-narrow-screen';
import { SearchBox } from './search-box';

/**
 * The admin's search over every text and file share, for the panel's header. Shown only to the admin
 * (key holders have no `/admin/search`; their tables search their own items) and only when the
 * backend lists `"search"`. On a phone it is an icon button that opens a full-width search.
 */
export function GlobalSearch({ pathOf }: { pathOf: (module: string) => string }) {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const offered = useServerFeature(SERVER_FEATURE_SEARCH);
  const narrow = useNarrowScreen();
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!offered || !session.adminToken) return null;
  if (!narrow) return <SearchBox pathOf={pathOf} />;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('globalSearch.open')}
        title={t('globalSearch.open')}
        onClick={() => setDrawerOpen(true)}
        data-testid="global-search-open"
      />
      <Drawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        placement="top"
        height="100%"
        title={t('globalSearch.label')}
        closable={{ 'aria-label': t('globalSearch.close') }}
        destroyOnHidden
        data-testid="global-search-drawer"
      >
        <SearchBox pathOf={pathOf} inline autoFocus onOpened={() => setDrawerOpen(false)} />
      </Drawer>
    </>
  );
}
