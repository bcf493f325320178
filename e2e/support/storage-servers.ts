import { readFileSync } from 'node:fs';
import { sftpStorageConfig, webDavStorageConfig } from '../../scripts/remote-storage-servers.cjs';
import { STORAGE_CONTROL_PORT, STORAGE_SERVERS_FILE } from '../playwright.config';

/**
 * The real WebDAV (rclone serve webdav) and SFTP (sshd) servers Playwright starts beside the product
 * (webServer "remote storage", e2e/support/remote-storage-servers.mjs), as that launcher describes them.
 */
export interface StorageServers {
  webdav: { url: string; username: string; password: string };
  sftp: { host: string; port: number; username: string; privateKey: string; hostKeySha256: string; dataDir: string };
}

export function readStorageServers(): StorageServers {
  const parsed = JSON.parse(readFileSync(STORAGE_SERVERS_FILE, 'utf8')) as StorageServers;
  return {
    webdav: { url: parsed.webdav.url, username: parsed.webdav.username, password: parsed.webdav.password },
    sftp: {
      host: parsed.sftp.host,
      port: parsed.sftp.port,
      username: parsed.sftp.username,
      privateKey: parsed.sftp.privateKey,
      hostKeySha256: parsed.sftp.hostKeySha256,
      dataDir: parsed.sftp.dataDir,
    },
  };
}

async function control(action: 'pause' | 'resume'): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${STORAGE_CONTROL_PORT}/sftp/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`sftp ${action} failed: ${response.status} ${await response.text()}`);
}

/** SIGSTOPs sshd and its sessions: a storage that stops answering (connections hang, never refused). */
export function pauseSftp(): Promise<void> {
  return control('pause');
}

export function resumeSftp(): Promise<void> {
  return control('resume');
}

/**
 * `POST /api/s3-configs` bodies for a storage on these servers, each in its own base folder
 * (`baseFolder` on the WebDAV server; `<dataDir>/<subFolder>` on the SFTP one, key auth, host key pinned).
 */
export function webDavConfigBody(name: string, baseFolder: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...webDavStorageConfig(readStorageServers().webdav, name, baseFolder), ...extra };
}

export function sftpConfigBody(name: string, subFolder: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...sftpStorageConfig(readStorageServers().sftp, name, subFolder), ...extra };
}
