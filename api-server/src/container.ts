import type { AppDatabase } from './db/database';
import type { Clock } from './lib/time';
import type { SecretBox } from './lib/secret-box';
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
  /** Root of server-side data (SQLite file, local storage, server secret). */
  dataDir: string;
  /** Seals recoverable secrets (share passwords, storage credentials). */
  secretBox: SecretBox;
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

export interface ContainerInput {
  db: AppDatabase;
  clock: Clock;
  /** Name of the database engine as reported by GET /api/version. */
  storageName: string;
  dataDir: string;
  secretBox: SecretBox;
}

export function createContainer({ db, clock, storageName, dataDir, secretBox }: ContainerInput): AppContainer {
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
    dataDir,
    secretBox,
    repositories,
    services: {
      adminAccounts,
      auth: new AuthService(repositories.adminTokens, repositories.apiKeys, adminAccounts, clock),
      system: new SystemService(repositories.systemSettings, clock, storageName),
    },
  };
}
