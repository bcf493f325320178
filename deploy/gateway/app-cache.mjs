// /app-cache.json: what the service worker (host-shell/src/service-worker) keeps so the app opens
// offline — the offline shell, the host's start-up scripts and icons, and the code of the pages that
// work offline (the editor at / and a saved paste at /paste/{slug}, both of cloudclip_public) — and
// a `key` that changes whenever any of it may have: another pin, or a rebuilt workspace package.
//
//   { version: 1, key, environment, host: { package, version }, shell: '/offline-shell',
//     releases: [{ package, version, base }], files: [{ url, integrity? }] }
//
// `integrity` only where the environment has the release's digests (a released remote's
// mf-manifest.json and remote entry): the service worker caches such a file only when it matches.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { WORKSPACE_VERSION, hostPinOf } from './environment.mjs';
import { entryScriptsOf, hostPreloads, pageChunkPreloads, pageOfPath, remotePreloads, servedByGateway } from './boot-page.mjs';
import { APP_ICONS, APP_MANIFEST_PATH } from './app-manifest.mjs';

export const APP_CACHE_PATH = '/app-cache.json';
export const APP_CACHE_FORMAT = 1;
export const OFFLINE_SHELL_PATH = '/offline-shell';

/** The remote whose pages work offline, and one address of each of those pages. */
export const OFFLINE_REMOTE = 'cloudclip_public';
export const OFFLINE_PAGE_ADDRESSES = Object.freeze(['/', '/paste/x']);

/** What a workspace build's key depends on: the files that name every chunk it loads. */
const HOST_BUILD_FILES = ['index.html', 'mf-manifest.json', 'boot-assets.json'];
const REMOTE_BUILD_FILES = ['mf-manifest.json', 'page-chunks.json'];

/** JSON with every object's keys sorted: the same value always gives the same text. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/**
 * @param {object} options
 * @param {ReturnType<typeof import('./served-environment.mjs').createServedEnvironment>} options.served
 * @param {ReturnType<typeof import('./package-files.mjs').createPackageReader>} options.reader
 * @returns {() => Promise<object | null>} the app cache of the environment served now; null when its host build is missing
 */
export function createAppCache({ served, reader }) {
  const { loadEnvironment, browserEnvironment } = served;
  const { read, packageJson, packageText } = reader;

  /** Digests of a workspace build's files (name → sha256 hex, null when missing). */
  async function buildDigests(pkg, relatives) {
    const digests = {};
    for (const relative of relatives) {
      const buffer = await read(pkg, WORKSPACE_VERSION, relative);
      digests[relative] = buffer ? sha256(buffer) : null;
    }
    return digests;
  }

  return async function appCache() {
    const environment = await loadEnvironment();
    const host = hostPinOf(environment);
    const html = await packageText(host.package, host.version, 'index.html');
    if (html === null) return null;
    const manifest = await browserEnvironment(environment);

    const [bootAssets, hostManifest] = await Promise.all([
      packageJson(host.package, host.version, 'boot-assets.json'),
      packageJson(host.package, host.version, 'mf-manifest.json'),
    ]);
    /** @type {Array<{ url: string, integrity?: string }>} */
    const files = [];
    const add = (url, integrity) => {
      if (!files.some((file) => file.url === url)) files.push(integrity ? { url, integrity } : { url });
    };
    for (const src of entryScriptsOf(html)) add(src);
    for (const preload of hostPreloads(bootAssets, hostManifest)) add(preload.href);
    // The icons of the pinned host (an older release may have none).
    for (const icon of Object.values(APP_ICONS)) {
      if (await read(host.package, host.version, icon.slice(1))) add(icon);
    }
    add(APP_MANIFEST_PATH);

    const remote = manifest.remotes.find((entry) => entry.name === OFFLINE_REMOTE);
    const remotePin = environment.remotes[OFFLINE_REMOTE];
    if (remote && remotePin && servedByGateway(remote)) {
      const [remoteManifest, pageChunks] = await Promise.all([
        packageJson(remotePin.package, remotePin.version, 'mf-manifest.json'),
        packageJson(remotePin.package, remotePin.version, 'page-chunks.json'),
      ]);
      for (const preload of remotePreloads(remote, remoteManifest, hostManifest)) {
        add(preload.href, preload.href === remote.entry ? remote.integrity?.manifest : preload.integrity);
      }
      for (const address of OFFLINE_PAGE_ADDRESSES) {
        for (const preload of pageChunkPreloads(remote, pageOfPath(pageChunks, address)?.page)) add(preload.href);
      }
    }

    const releases = manifest.remotes.flatMap((entry) => {
      const pin = environment.remotes[entry.name];
      return pin ? [{ package: pin.package, version: pin.version, base: `${path.posix.dirname(entry.entry)}/` }] : [];
    });

    // The key: what is served, by name and version; a workspace build by the digests of the files
    // that name its chunks (a rebuild changes them), a dev override by its address.
    const builds = {};
    if (host.version === WORKSPACE_VERSION) builds[host.package] = await buildDigests(host.package, HOST_BUILD_FILES);
    for (const [container, pin] of Object.entries(environment.remotes)) {
      const entry = manifest.remotes.find((candidate) => candidate.name === container);
      if (pin.version === WORKSPACE_VERSION && entry && servedByGateway(entry)) {
        builds[pin.package] = await buildDigests(pin.package, REMOTE_BUILD_FILES);
      }
    }
    const key = sha256(
      canonicalJson({
        format: APP_CACHE_FORMAT,
        environment: environment.name,
        host: `${host.package}@${host.version}`,
        remotes: Object.fromEntries(
          manifest.remotes.map((entry) => {
            const pin = environment.remotes[entry.name];
            return [entry.name, { release: `${pin?.package}@${pin?.version}`, entry: entry.entry }];
          }),
        ),
        builds,
      }),
    );

    return {
      version: APP_CACHE_FORMAT,
      key,
      environment: environment.name,
      host: { package: host.package, version: host.version },
      shell: OFFLINE_SHELL_PATH,
      releases,
      files,
    };
  };
}
