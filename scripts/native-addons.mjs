// Builds the workspace's one native addon, better-sqlite3, after `pnpm install` (which is told not
// to run its install script: see allowBuilds in pnpm-workspace.yaml).
//
// Why by hand: the package's own script tries a prebuilt download, then `node-gyp rebuild`, and
// node-gyp downloads Node's headers into ~/.cache/node-gyp unless told where they are. On a machine
// without internet access and with an empty home folder that fails, and pnpm 12 does not pass
// `npm_config_nodedir` on to dependency scripts. Here we call node-gyp ourselves with `--nodedir`
// set to the headers of the Node that runs us, when they are installed next to it (Debian's
// /usr/include/node, the official tarballs' <prefix>/include/node, the node:20 images) and match
// its version exactly. Without local headers we fall back to the package's own script.
//
//   node scripts/native-addons.mjs            builds when the addon is missing or does not load
//   node scripts/native-addons.mjs --force    rebuilds it
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The version written in a Node headers folder (include/node/node_version.h), or null. */
export function headersVersion(includeDir) {
  const file = path.join(includeDir, 'node_version.h');
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  const part = (name) => text.match(new RegExp(`#define\\s+NODE_${name}_VERSION\\s+(\\d+)`))?.[1];
  const [major, minor, patch] = [part('MAJOR'), part('MINOR'), part('PATCH')];
  return major && minor && patch ? `${major}.${minor}.${patch}` : null;
}

/**
 * The --nodedir for node-gyp: a folder whose include/node holds the headers of exactly this Node,
 * or null when there is none (node-gyp then has to download them). NODEDIR or npm_config_nodedir
 * win when set.
 */
export function localNodeDir({ execPath = process.execPath, nodeVersion = process.versions.node, env = process.env } = {}) {
  const explicit = env.NODEDIR || env.npm_config_nodedir;
  if (explicit) return explicit;
  const candidates = [path.resolve(path.dirname(execPath), '..'), '/usr', '/usr/local'];
  for (const dir of candidates) {
    if (headersVersion(path.join(dir, 'include', 'node')) === nodeVersion) return dir;
  }
  return null;
}

/** node-gyp's entry: the workspace's own (a root devDependency), else the one bundled with npm. */
function nodeGypEntry() {
  try {
    return createRequire(path.join(repoRoot, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    const bundled = path.resolve(path.dirname(process.execPath), '../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js');
    return existsSync(bundled) ? bundled : null;
  }
}

/** The installed better-sqlite3 folder, as the api-server resolves it; null when it is not installed. */
function betterSqliteDir() {
  try {
    const fromServer = createRequire(path.join(repoRoot, 'api-server', 'package.json'));
    return path.dirname(fromServer.resolve('better-sqlite3/package.json'));
  } catch {
    return null;
  }
}

/** Whether the addon loads and opens a database, checked in a child so a bad binary cannot crash us. */
function addonWorks(packageDir) {
  const probe = `const D = require(${JSON.stringify(packageDir)}); new D(':memory:').prepare('select 1').get();`;
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

function buildBetterSqlite(packageDir) {
  const nodedir = localNodeDir();
  const gyp = nodeGypEntry();
  if (nodedir && gyp) {
    console.log(`better-sqlite3: compiling against the Node ${process.versions.node} headers in ${nodedir}/include/node`);
    return (
      spawnSync(process.execPath, [gyp, 'rebuild', '--release', `--nodedir=${nodedir}`], { cwd: packageDir, stdio: 'inherit' }).status ?? 1
    );
  }
  console.log(
    'better-sqlite3: no local Node headers of this version; running the package\u2019s own install (downloads a prebuilt binary or the headers)',
  );
  const pathEnv = [path.join(packageDir, 'node_modules', '.bin'), path.join(repoRoot, 'node_modules', '.bin'), process.env.PATH].join(
    path.delimiter,
  );
  return (
    spawnSync('sh', ['-c', 'prebuild-install || node-gyp rebuild --release'], {
      cwd: packageDir,
      stdio: 'inherit',
      env: { ...process.env, PATH: pathEnv },
    }).status ?? 1
  );
}

export function ensureNativeAddons({ force = false } = {}) {
  const packageDir = betterSqliteDir();
  if (packageDir === null) {
    // An install without the api-server (e.g. the gateway image): nothing native to build.
    console.log('better-sqlite3: not installed here (no api-server); nothing to build');
    return 0;
  }
  if (!force && addonWorks(packageDir)) return 0;
  const code = buildBetterSqlite(packageDir);
  if (code !== 0) {
    console.error('better-sqlite3: the native addon could not be built (needs python3, make and a C++ compiler).');
    return code;
  }
  if (!addonWorks(packageDir)) {
    console.error('better-sqlite3: the addon was built but does not load with this Node.');
    return 1;
  }
  console.log('better-sqlite3: native addon ready');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(ensureNativeAddons({ force: process.argv.includes('--force') }));
}
