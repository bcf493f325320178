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

/**
 * The config maker of one kind of server: `(app, admin, server, folder?, name?)` posts the body that
 * `body` builds, the objects in `folder` on that server.
 */
function configMaker<Server>(
  body: (server: Server, name: string, folder: string) => Record<string, unknown>,
  defaultFolder: string,
  defaultName: string,
) {
  return (app: FastifyInstance, admin: Headers, server: Server, folder = defaultFolder, name = defaultName): Promise<string> =>
    createConfig(app, admin, body(server, name, folder));
}

/** A WebDAV config on `server`, its objects under the base folder `folder` on that server (may be empty). */
export const createWebDavConfig = configMaker<WebDavServerDetails>(webDavStorageConfig, 'cloudclip/objects', 'webdav');

/** An SFTP config on `server` (key auth, its host key pinned), its objects under `<server.dataDir>/<folder>`. */
export const createSftpConfig = configMaker<SftpServerDetails>(sftpStorageConfig, 'objects', 'sftp');

/** A public S3 config on an s3rver bucket (path-style addressing). */
export function createS3Config(app: FastifyInstance, admin: Headers, s3: S3ServerDetails, name = 's3rver'): Promise<string> {
  return createConfig(app, admin, s3StorageConfig(s3, name));
}
