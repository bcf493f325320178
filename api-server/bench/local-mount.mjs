// What the large-folder and mount-index benchmarks share (not a benchmark itself): a local storage
// config and a mount on it, created through the API of the started server, and the files written
// into that storage through the local storage driver of dist/ in this process, on the server's
// DATA_DIR (the files and their metadata exactly as uploads leave them, without an HTTP request
// per file).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { postJson } from './bench-server.mjs';

/**
 * Creates a local storage config named `configName` and a mount `mountPath` (named `mountName`,
 * with `cacheTtl` seconds of listing cache when given) on the started `server`; returns their ids
 * and a driver of dist/ on that storage. dist/ is loaded here, after the build check.
 */
export async function createLocalMount(server, { configName, mountName, mountPath, cacheTtl }) {
  const { base, auth, dataDir } = server;
  const require = createRequire(import.meta.url);
  const { LocalStorageDriver, localStoragePaths } = require('../dist/storage/local-driver.js');
  const { LocalUrlSigner } = require('../dist/storage/local-url-signer.js');

  const config = await postJson(base, '/api/s3-configs', { name: configName, provider_type: 'Local' }, auth);
  const configId = config.data.id;
  const mount = await postJson(
    base,
    '/api/admin/mounts',
    {
      name: mountName,
      storage_type: 'S3',
      storage_config_id: configId,
      mount_path: mountPath,
      ...(cacheTtl === undefined ? {} : { cache_ttl: cacheTtl }),
    },
    auth,
  );
  const driver = new LocalStorageDriver({
    configId,
    ...localStoragePaths(dataDir, configId),
    signer: new LocalUrlSigner(randomBytes(32), () => new Date()),
  });
  return { configId, mountId: mount.data.id, driver };
}

/** Writes `count` small text files (`entry <index>\n`) at `keyOf(index)`, `concurrency` at a time. */
export async function writeFiles(driver, count, keyOf, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await driver.putObject(keyOf(index), `entry ${index}\n`, { contentType: 'text/plain' });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
