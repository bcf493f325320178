// Environment manifests (deploy/environments/<env>.json): which release of the host and of each
// remote an environment runs. The gateway reads the file on every page load, so a new pin takes
// effect at the next reload with no rebuild and no restart. Version `workspace` means the package's
// own build output (<package>/dist), for local development only: never cached, never checked.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const WORKSPACE_VERSION = 'workspace';
export const HOST_PACKAGE = 'host-shell';
const NAME_PATTERN = /^[a-z][a-z0-9_-]*$/;
const VERSION_PATTERN = /^(?:workspace|\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

/**
 * @typedef {{ package: string, version: string, entry?: string }} PinnedRemote
 * @typedef {{ package: string, version: string }} PinnedHost
 * @typedef {{ name: string, backendUrl?: string, host?: PinnedHost, remotes: Record<string, PinnedRemote> }} EnvironmentFile
 */

export function environmentFile(environmentsDir, name) {
  if (!NAME_PATTERN.test(name)) throw new Error(`Invalid environment name: ${name}`);
  return path.join(environmentsDir, `${name}.json`);
}

/** Validates a parsed environment manifest; throws with the file name on anything malformed. */
export function parseEnvironment(parsed, file) {
  if (!parsed || typeof parsed !== 'object' || typeof parsed.remotes !== 'object' || parsed.remotes === null) {
    throw new Error(`Malformed environment manifest ${file}`);
  }
  for (const [container, pin] of Object.entries(parsed.remotes)) {
    if (!NAME_PATTERN.test(container) || !pin || !NAME_PATTERN.test(pin.package) || !VERSION_PATTERN.test(pin.version)) {
      throw new Error(`Malformed pin for ${container} in ${file}`);
    }
  }
  if (parsed.host !== undefined && (!parsed.host || parsed.host.package !== HOST_PACKAGE || !VERSION_PATTERN.test(parsed.host.version))) {
    throw new Error(`Malformed host pin in ${file}`);
  }
  return parsed;
}

/** @returns {Promise<EnvironmentFile>} */
export async function readEnvironment(environmentsDir, name) {
  const file = environmentFile(environmentsDir, name);
  return parseEnvironment(JSON.parse(await readFile(file, 'utf8')), file);
}

/** The host pin of an environment; an environment without one runs the workspace host build. */
export function hostPinOf(environment) {
  return environment.host ?? { package: HOST_PACKAGE, version: WORKSPACE_VERSION };
}

/**
 * Parses REMOTE_OVERRIDES ("cloudclip_public=http://127.0.0.1:3001/mf-manifest.json,…"), used by
 * `pnpm dev` to point one remote at its dev server.
 * @returns {Record<string, string>}
 */
export function parseOverrides(text) {
  /** @type {Record<string, string>} */
  const overrides = {};
  for (const part of (text ?? '').split(',')) {
    const [name, url] = part.split('=').map((value) => value?.trim());
    if (name && url) overrides[name] = url;
  }
  return overrides;
}

/** Where the browser finds a pinned remote's mf-manifest.json. */
export function remoteEntryOf(container, pin, overrides = {}) {
  return overrides[container] ?? pin.entry ?? `/remotes/${pin.package}/${pin.version}/mf-manifest.json`;
}

/**
 * The browser's view of an environment: the pinned host (the host compares it with the one it
 * booted with to offer a reload) and where each pinned remote is found.
 * @param {EnvironmentFile} environment
 * @param {Record<string,string>} [overrides]
 * @param {Record<string, { manifest: string, entry: string, entryName: string }>} [integrity] per container, for released (not overridden) remotes
 */
export function toBrowserManifest(environment, overrides = {}, integrity = {}) {
  const host = hostPinOf(environment);
  return {
    name: environment.name,
    host: { package: host.package, version: host.version },
    remotes: Object.entries(environment.remotes).map(([container, pin]) => {
      const entry = remoteEntryOf(container, pin, overrides);
      const checks = !overrides[container] && !pin.entry ? integrity[container] : undefined;
      return { name: container, version: pin.version, entry, ...(checks ? { integrity: checks } : {}) };
    }),
  };
}
