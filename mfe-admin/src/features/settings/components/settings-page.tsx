import { Space } from 'antd';
import { AccountCard } from './account-card';
import { CacheCard } from './cache-card';
import { KeyInfoCard } from './key-info-card';
import { SystemSettingsCard } from './system-settings-card';
import { useSession } from '@cloudclip/shared-kernel';

/** Settings: system settings, caches and the account (admin); the key's own account and cache (key holder). */
export function SettingsPage({ access }: { access: 'full' | 'user' }) {
  const session = useSession();
  if (access === 'user') {
    return (
      <Space direction="vertical" size={16} className="cc-admin-stack" data-testid="settings" data-access="user">
        <KeyInfoCard />
        {session.apiKeyPermissions?.mount && <CacheCard scope="user" />}
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={16} className="cc-admin-stack" data-testid="settings" data-access="full">
      <SystemSettingsCard />
      <CacheCard scope="admin" />
      <AccountCard />
    </Space>
  );
}
