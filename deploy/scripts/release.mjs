// Copies a remote's build output to deploy/releases/<package>/<version>/, the immutable path the
// gateway serves. An existing release of the same version is only replaced with --force.
import { cp, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
export const REMOTE_PACKAGES = ['mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];

async function exists(file) {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export async function releaseRemote(pkg, { force = false, releasesDir = path.join(repoRoot, 'deploy/releases') } = {}) {
  const pkgDir = path.join(repoRoot, pkg);
  const { version } = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8'));
  const dist = path.join(pkgDir, 'dist');
  if (!(await exists(path.join(dist, 'mf-manifest.json')))) throw new Error(`${pkg} is not built (${dist}/mf-manifest.json missing)`);
  const target = path.join(releasesDir, pkg, version);
  if (await exists(target)) {
    if (!force) throw new Error(`${pkg}@${version} is already released; bump the version or pass --force`);
    await rm(target, { recursive: true, force: true });
  }
  await cp(dist, target, { recursive: true });
  return { pkg, version, target };
}

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((arg) => !arg.startsWith('--'));
  for (const pkg of names.length ? names : REMOTE_PACKAGES) {
    if (!REMOTE_PACKAGES.includes(pkg)) throw new Error(`Unknown remote package: ${pkg}`);
    const { version, target } = await releaseRemote(pkg, { force });
    console.log(`released ${pkg}@${version} → ${path.relative(repoRoot, target)}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
