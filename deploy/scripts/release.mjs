// pnpm release <package> [--no-build] [--from <dir>] [--store <folder|s3://bucket/prefix>]
//
// Builds one remote (or the host shell) and stores the build as an immutable release:
// <store>/<package>/<semver>/ with a release.json descriptor (version with build metadata, build
// time, commit, shared ranges, mf-manifest.json, SHA-384 digests). Re-releasing a version that is
// already in the store is refused: bump the version in the package's package.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFile, readdir } from 'node:fs/promises';
import { brotliDecompressSync } from 'node:zlib';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDescriptor } from '../release-store/descriptor.mjs';
import { openReleaseStore } from '../release-store/store.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const REMOTE_PACKAGES = ['mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];
export const RELEASABLE_PACKAGES = ['host-shell', ...REMOTE_PACKAGES];
export const DEFAULT_STORE = path.join(repoRoot, 'deploy/releases');

function currentCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return null;
  }
}

/**
 * Every `<file>.br` of a build must be the Brotli copy of `<file>` (the gateway sends it instead of
 * the file to browsers that accept br): a folder edited after the build, with its copies left
 * stale, would serve different code to different browsers. Throws naming the first stale copy.
 */
export async function checkPrecompressedCopies(distDir) {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.br')) continue;
    const copy = path.join(entry.parentPath ?? entry.path, entry.name);
    const original = copy.slice(0, -'.br'.length);
    const relative = path.relative(distDir, original);
    let matches = false;
    try {
      matches = brotliDecompressSync(await readFile(copy)).equals(await readFile(original));
    } catch {
      matches = false;
    }
    if (!matches) {
      throw new Error(
        `${relative}.br is not the Brotli copy of ${relative} (was the build edited after it was made?): rebuild, or delete the .br files`,
      );
    }
  }
}

/**
 * Stores a build output folder as a release.
 * @param {{ pkg: string, distDir?: string, store?: object, packageVersion?: string, commit?: string | null, buildTime?: Date }} input
 */
export async function releasePackage({ pkg, distDir, store, packageVersion, commit, buildTime }) {
  if (!RELEASABLE_PACKAGES.includes(pkg)) throw new Error(`Unknown package: ${pkg} (one of ${RELEASABLE_PACKAGES.join(', ')})`);
  const source = distDir ?? path.join(repoRoot, pkg, 'dist');
  if (!existsSync(path.join(source, 'mf-manifest.json'))) throw new Error(`${pkg} is not built (${source}/mf-manifest.json missing)`);
  const version = packageVersion ?? JSON.parse(await readFile(path.join(repoRoot, pkg, 'package.json'), 'utf8')).version;
  const target = store ?? openReleaseStore(undefined, process.env, DEFAULT_STORE);
  await checkPrecompressedCopies(source);
  const descriptor = await createDescriptor({
    pkg,
    packageVersion: version,
    distDir: source,
    commit: commit === undefined ? currentCommit() : commit,
    buildTime,
    kind: pkg === 'host-shell' ? 'host' : 'remote',
  });
  if (await target.exists(pkg, descriptor.release)) {
    throw new Error(`${pkg}@${descriptor.release} is already released; releases are immutable — bump the version in ${pkg}/package.json`);
  }
  await target.put(pkg, descriptor.release, source, descriptor);
  return descriptor;
}

function parseArgs(argv) {
  const args = { packages: [], build: true, from: undefined, store: undefined, version: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--no-build') args.build = false;
    else if (arg === '--from') args.from = argv[++i];
    else if (arg === '--store') args.store = argv[++i];
    else if (arg === '--version') args.version = argv[++i];
    else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}`);
    else args.packages.push(arg);
  }
  if (args.packages.length === 0)
    throw new Error(
      'Usage: pnpm release <package> [--no-build] [--from <dist folder>] [--version <semver>] [--store <folder|s3://bucket/prefix>]',
    );
  if ((args.from || args.version) && args.packages.length !== 1) throw new Error('--from and --version take exactly one package');
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const store = openReleaseStore(args.store, process.env, DEFAULT_STORE);
  for (const pkg of args.packages) {
    if (!RELEASABLE_PACKAGES.includes(pkg)) throw new Error(`Unknown package: ${pkg} (one of ${RELEASABLE_PACKAGES.join(', ')})`);
    if (args.build && !args.from) {
      const result = spawnSync('pnpm', ['--filter', `@cloudclip/${pkg}`, 'run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
      if (result.status !== 0) throw new Error(`${pkg} build failed`);
    }
    const descriptor = await releasePackage({ pkg, distDir: args.from && path.resolve(args.from), store, packageVersion: args.version });
    console.log(
      `released ${pkg}@${descriptor.version} → ${store.describe()}/${pkg}/${descriptor.release} (${Object.keys(descriptor.files).length} files)`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
