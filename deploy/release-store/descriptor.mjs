// The release descriptor (release.json): what an operator and the pin command need to know about one
// immutable release without opening its files — version, build time, commit, the shared ranges it
// requires, the shared versions it provides (the host), its mf-manifest.json and a SHA-384 digest of
// every file (subresource-integrity format).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';

export const DESCRIPTOR_FILE = 'release.json';
export const DESCRIPTOR_SCHEMA = 1;
/** Files of a build that are not part of a release (source maps stay out of the served tree). */
const EXCLUDED = [/\.map$/, /\.LICENSE\.txt$/];

/** `sha384-<base64>`, the format of the `integrity` attribute. */
export function integrityOf(content) {
  return `sha384-${createHash('sha384').update(content).digest('base64')}`;
}

/** Every file under `dir` (relative paths with forward slashes), sorted. */
export async function listFiles(dir, prefix = '') {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const files = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

export function isReleasedFile(relative) {
  return relative !== DESCRIPTOR_FILE && !EXCLUDED.some((pattern) => pattern.test(relative));
}

/**
 * `0.2.0+20261126T021500Z.1a2b3c4`: the package's semver plus build metadata (UTC build time and
 * the short commit). Build metadata never changes precedence, so `0.2.0` names the release.
 */
export function releaseVersion(packageVersion, { buildTime, commit }) {
  const core = semver.valid(packageVersion);
  if (!core) throw new Error(`Not a semantic version: ${packageVersion}`);
  const stamp = buildTime
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const parts = [stamp, commit ? commit.slice(0, 12) : 'nocommit'].map((part) => part.replace(/[^0-9A-Za-z-]/g, '-'));
  return `${core}+${parts.join('.')}`;
}

/** The shared modules of an mf-manifest: what the build requires and which versions it brings. */
export function sharedOf(manifest) {
  const requires = {};
  const provides = {};
  for (const shared of manifest?.shared ?? []) {
    if (!shared?.name) continue;
    if (shared.requiredVersion) requires[shared.name] = shared.requiredVersion;
    if (shared.version) provides[shared.name] = shared.version;
  }
  return { requires, provides };
}

/**
 * Builds the descriptor of a build output folder.
 * @param {{ pkg: string, packageVersion: string, distDir: string, commit: string | null, buildTime?: Date, kind: 'host' | 'remote' }} input
 */
export async function createDescriptor({ pkg, packageVersion, distDir, commit, buildTime = new Date(), kind }) {
  const manifestText = await readFile(path.join(distDir, 'mf-manifest.json'), 'utf8');
  const manifest = JSON.parse(manifestText);
  const files = {};
  for (const relative of await listFiles(distDir)) {
    if (!isReleasedFile(relative)) continue;
    files[relative] = integrityOf(await readFile(path.join(distDir, relative)));
  }
  if (kind === 'host' && !files['index.html']) throw new Error(`${pkg}: a host release needs index.html`);
  const entryName = manifest?.metaData?.remoteEntry?.name;
  if (kind === 'remote' && (!entryName || !files[entryName]))
    throw new Error(`${pkg}: the remote entry ${entryName ?? '(unnamed)'} is missing`);
  const { requires, provides } = sharedOf(manifest);
  return {
    schema: DESCRIPTOR_SCHEMA,
    package: pkg,
    kind,
    version: releaseVersion(packageVersion, { buildTime, commit }),
    release: semver.valid(packageVersion),
    container: manifest?.name ?? null,
    buildTime: buildTime.toISOString(),
    commit,
    kernelRange: requires['@cloudclip/shared-kernel'] ?? null,
    shared: { requires, provides },
    remoteEntry: kind === 'remote' ? entryName : null,
    manifest,
    files,
  };
}
