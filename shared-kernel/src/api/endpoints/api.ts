import type { HttpClient } from '../http-client';
import { createApiKeysApi } from './api-keys';
import { createAuthApi } from './auth';
import { createBackupApi } from './backup';
import { createFilesApi } from './files';
import { createFsApi } from './fs';
import { createMountsApi } from './mounts';
import { createPastesApi } from './pastes';
import { createS3ConfigsApi } from './s3-configs';
import { createSearchApi } from './search';
import { createSystemApi } from './system';
import { createUrlUploadApi } from './url-upload';

/** Every endpoint group on one client. */
export function createApi(client: HttpClient) {
  return {
    auth: createAuthApi(client),
    apiKeys: createApiKeysApi(client),
    pastes: createPastesApi(client),
    files: createFilesApi(client),
    s3Configs: createS3ConfigsApi(client),
    mounts: createMountsApi(client),
    system: createSystemApi(client),
    search: createSearchApi(client),
    urlUpload: createUrlUploadApi(client),
    fs: { admin: createFsApi(client, 'admin'), user: createFsApi(client, 'user') },
    backup: createBackupApi(client),
  };
}

export type CloudclipApi = ReturnType<typeof createApi>;
