import type { FastifyInstance } from 'fastify';
import type { RcloneWebDavHandle } from './rclone-webdav-server';
import type { SshdHandle } from './sshd-server';

/**
 * Storage configs on the real servers the tests start (rclone serve webdav, sshd), created the way
 * an admin creates them: `POST /api/s3-configs`. Each returns the new config's id.
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
  server: Pick<RcloneWebDavHandle, 'url' | 'username' | 'password'>,
  baseFolder = 'cloudclip/objects',
  name = 'webdav',
): Promise<string> {
  return createConfig(app, admin, {
    name,
    provider_type: 'WebDAV',
    endpoint_url: server.url,
    bucket_name: baseFolder,
    access_key_id: server.username,
    secret_access_key: server.password,
  });
}

/** An SFTP config on `server` (key auth, its host key pinned), its objects under `<server.dataDir>/<subFolder>`. */
export function createSftpConfig(
  app: FastifyInstance,
  admin: Headers,
  server: Pick<SshdHandle, 'host' | 'port' | 'username' | 'privateKey' | 'hostKeySha256' | 'dataDir'>,
  subFolder = 'objects',
  name = 'sftp',
): Promise<string> {
  return createConfig(app, admin, {
    name,
    provider_type: 'SFTP',
    endpoint_url: `sftp://${server.host}:${server.port}`,
    bucket_name: `${server.dataDir}/${subFolder}`,
    access_key_id: server.username,
    secret_access_key: server.privateKey,
    host_key_sha256: server.hostKeySha256,
  });
}
