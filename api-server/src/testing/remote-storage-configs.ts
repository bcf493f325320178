import type { FastifyInstance } from 'fastify';
import {
  s3StorageConfig,
  sftpStorageConfig,
  webDavStorageConfig,
  type S3ServerDetails,
  type SftpServerDetails,
  type WebDavServerDetails,
} from '../../../scripts/remote-storage-servers.cjs';

/**
 * Storage configs on the real servers the tests start (rclone serve webdav, sshd, s3rver), created the way
 * an admin creates them: `POST /api/s3-configs`. Each returns the new config's id. The bodies are
 * the ones the end-to-end harness posts too (scripts/remote-storage-servers.cjs).
 */

type Headers = Record<string, string>;

async function createConfig(app: FastifyInstance, admin: Headers, payload: Record<string, unknown>): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/s3-configs', headers: admin, payload });
  if (response.statusCode !== 200)
    throw new Error(`creating the ${String(payload.provider_type)} config failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { id: string } }).data.id;
}

/** A WebDAV config on `server`, its objects under `baseFolder` on that server (may be empty). */
export function createWebDavConfig(
  app: FastifyInstance,
  admin: Headers,
  server: WebDavServerDetails,
  baseFolder = 'cloudclip/objects',
  name = 'webdav',
): Promise<string> {
  return createConfig(app, admin, webDavStorageConfig(server, name, baseFolder));
}

/** An SFTP config on `server` (key auth, its host key pinned), its objects under `<server.dataDir>/<subFolder>`. */
export function createSftpConfig(
  app: FastifyInstance,
  admin: Headers,
  server: SftpServerDetails,
  subFolder = 'objects',
  name = 'sftp',
): Promise<string> {
  return createConfig(app, admin, sftpStorageConfig(server, name, subFolder));
}

/** A public S3 config on an s3rver bucket (path-style addressing). */
export function createS3Config(app: FastifyInstance, admin: Headers, s3: S3ServerDetails, name = 's3rver'): Promise<string> {
  return createConfig(app, admin, s3StorageConfig(s3, name));
}
