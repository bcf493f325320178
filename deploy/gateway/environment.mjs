// Reading an environment manifest (deploy/environments/<env>.json) and turning it into what the
// browser fetches as /env.json: each remote's pinned version and the address of its mf-manifest.json.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const NAME_PATTERN = /^[a-z][a-z0-9_-]*$/;
const VERSION_PATTERN = /^[0-9A-Za-z.+-]+$/;

/**
 * @typedef {{ package: string, version: string, entry?: string }} PinnedRemote
 * @typedef {{ name: string, backendUrl?: string, remotes: Record<string, PinnedRemote> }} EnvironmentFile
 */

/** @returns {Promise<EnvironmentFile>} */
export async function readEnvironment(environmentsDir, name) {
  if (!NAME_PATTERN.test(name)) throw new Error(`Invalid environment name: ${name}`);
  const file = path.join(environmentsDir, `${name}.json`);
  const parsed = JSON.parse(await readFile(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || typeof parsed.remotes !== 'object') {
    throw new Error(`Malformed environment manifest ${file}`);
  }
  for (const [container, pin] of Object.entries(parsed.remotes)) {
    if (!NAME_PATTERN.test(container) || !pin || !NAME_PATTERN.test(pin.package) || !VERSION_PATTERN.test(pin.version)) {
      throw new Error(`Malformed pin for ${container} in ${file}`);
    }
  }
  return parsed;
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

/** The browser's view of an environment. */
export function toBrowserManifest(environment, overrides = {}) {
  return {
    name: environment.name,
    remotes: Object.entries(environment.remotes).map(([container, pin]) => ({
      name: container,
      version: pin.version,
      entry: overrides[container] ?? pin.entry ?? `/remotes/${pin.package}/${pin.version}/mf-manifest.json`,
    })),
  };
}
