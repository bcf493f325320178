// The environment the gateway serves: its manifest file, re-read whenever it changes (a new pin
// takes effect at the next request), and what the browser is told about it (/env.json, /config.js
// and the same two written into the host page).
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { WORKSPACE_VERSION, environmentFile, parseEnvironment, toBrowserManifest } from './environment.mjs';

/**
 * @param {object} options
 * @param {string} options.environmentsDir
 * @param {string} options.environmentName
 * @param {import('../release-store/store.mjs').FolderReleaseStore | import('../release-store/store.mjs').S3ReleaseStore} options.store
 * @param {Record<string,string>} options.overrides
 * @param {string} [options.backendUrl]
 */
export function createServedEnvironment({ environmentsDir, environmentName, store, overrides, backendUrl }) {
  let cached = null;
  /** @returns {Promise<import('./environment.mjs').EnvironmentFile>} */
  async function loadEnvironment() {
    const file = environmentFile(environmentsDir, environmentName);
    // Looked at on every page (a pin change shows at the next load). Synchronously: one small local
    // file's stat is microseconds, where a promise's trip through the thread pool, behind the page
    // compressions and file reads queued there, cost the main thread ten times more under load.
    const info = statSync(file);
    const key = `${info.mtimeMs}:${info.size}`;
    if (cached?.key !== key) cached = { key, environment: parseEnvironment(JSON.parse(await readFile(file, 'utf8')), file) };
    return cached.environment;
  }

  // Descriptors of released versions never change: keep them once read.
  const descriptors = new Map();
  async function descriptorOf(pkg, release) {
    const id = `${pkg}@${release}`;
    if (!descriptors.has(id)) {
      const descriptor = await store.readDescriptor(pkg, release).catch(() => null);
      if (!descriptor) return null;
      descriptors.set(id, descriptor);
    }
    return descriptors.get(id);
  }

  /** The browser's view of the environment (/env.json, and written into the host page). */
  async function browserEnvironment(environment) {
    const integrity = {};
    for (const [container, pin] of Object.entries(environment.remotes)) {
      if (pin.version === WORKSPACE_VERSION) continue;
      const descriptor = await descriptorOf(pin.package, pin.version);
      const entryName = descriptor?.remoteEntry;
      if (!descriptor || !entryName || !descriptor.files[entryName] || !descriptor.files['mf-manifest.json']) continue;
      integrity[container] = { manifest: descriptor.files['mf-manifest.json'], entry: descriptor.files[entryName], entryName };
    }
    return toBrowserManifest(environment, overrides, integrity);
  }

  // window.appConfig. An empty backend URL leaves the placeholder in place, so the client falls back
  // to the saved switcher address (not in container builds) or the page's own origin.
  function runtimeAppConfig(environment) {
    return { backendUrl: backendUrl || environment.backendUrl || '__BACKEND_URL__', environment: environment.name };
  }

  return { loadEnvironment, browserEnvironment, runtimeAppConfig };
}
