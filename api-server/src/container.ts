import type { AppDatabase } from './db/database';
import type { Clock } from './lib/time';
import { AdminRepository } from './repositories/admin-repository';
import { AdminTokenRepository } from './repositories/admin-token-repository';
import { ApiKeyRepository } from './repositories/api-key-repository';
import { SystemSettingRepository } from './repositories/system-setting-repository';
import { AdminAccountService } from './services/admin-account-service';
import { AuthService } from './services/auth-service';
import { SystemService } from './services/system-service';

/** The composition root: one instance of every repository and service for an app. */
export interface AppContainer {
  db: AppDatabase;
  clock: Clock;
  repositories: {
    admins: AdminRepository;
    adminTokens: AdminTokenRepository;
    apiKeys: ApiKeyRepository;
    systemSettings: SystemSettingRepository;
  };
  services: {
    adminAccounts: AdminAccountService;
    auth: AuthService;
    system: SystemService;
  };
}

export function createContainer(db: AppDatabase, clock: Clock, storageName: string): AppContainer {
  const repositories = {
    admins: new AdminRepository(db),
    adminTokens: new AdminTokenRepository(db),
    apiKeys: new ApiKeyRepository(db),
    systemSettings: new SystemSettingRepository(db),
  };
  const adminAccounts = new AdminAccountService(repositories.admins, repositories.adminTokens, clock);
  return {
    db,
    clock,
    repositories,
    services: {
      adminAccounts,
      auth: new AuthService(repositories.adminTokens, repositories.apiKeys, adminAccounts, clock),
      system: new SystemService(repositories.systemSettings, clock, storageName),
    },
  };
}
