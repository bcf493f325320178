// Which release each environment runs.
//   pnpm pin <env> <package|container|host> <version> [--reason "…"]
//   pnpm rollback <env> <package|container|host> [--reason "…"]
//   pnpm pins <env>
// A pin is refused when the release is missing, its files do not match their digests, or the
// environment's host cannot satisfy its shared ranges (for a host pin: any pinned remote's ranges).
// Every change is appended to deploy/environments/history/<env>.jsonl with time, user and reason.
import { appendFile, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { HOST_PACKAGE, WORKSPACE_VERSION, environmentFile, hostPinOf, parseEnvironment } from '../gateway/environment.mjs';
import { compatibilityProblems, verifyRelease } from '../release-store/checks.mjs';
import { sharedOf } from '../release-store/descriptor.mjs';
import { openReleaseStore } from '../release-store/store.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const DEFAULT_ENVIRONMENTS_DIR = process.env.ENVIRONMENTS_DIR ?? path.join(repoRoot, 'deploy/environments');

export class PinRefusedError extends Error {
  constructor(message, problems = []) {
    super(problems.length ? `${message}:\n  - ${problems.join('\n  - ')}` : message);
    this.name = 'PinRefusedError';
    this.problems = problems;
  }
}

export function historyFile(environmentsDir, env) {
  return path.join(environmentsDir, 'history', `${path.basename(environmentFile(environmentsDir, env), '.json')}.jsonl`);
}

async function readEnvironmentFile(environmentsDir, env) {
  const file = environmentFile(environmentsDir, env);
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new PinRefusedError(`Unknown environment "${env}" (${file} does not exist)`);
  }
  return { file, environment: parseEnvironment(JSON.parse(text), file) };
}

async function writeEnvironmentFile(file, environment) {
  const staging = `${file}.${process.pid}.tmp`;
  await writeFile(staging, `${JSON.stringify(environment, null, 2)}\n`);
  await rename(staging, file);
}

export async function readHistory(environmentsDir, env) {
  try {
    const text = await readFile(historyFile(environmentsDir, env), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** Resolves `mfe-public`, `cloudclip_public`, `host` or `host-shell` to what the environment pins. */
export function resolveTarget(environment, name) {
  if (name === 'host' || name === HOST_PACKAGE) return { target: 'host', pkg: HOST_PACKAGE, current: hostPinOf(environment).version };
  for (const [container, pin] of Object.entries(environment.remotes)) {
    if (container === name || pin.package === name) return { target: container, pkg: pin.package, current: pin.version };
  }
  throw new PinRefusedError(
    `"${name}" is not pinned in environment ${environment.name} (one of host, ${Object.values(environment.remotes)
      .map((pin) => pin.package)
      .join(', ')})`,
  );
}

/** `0.2.0` or `0.2.0+build…` → the release name `0.2.0` (build metadata never names a different release). */
export function releaseNameOf(version) {
  if (version === WORKSPACE_VERSION) return version;
  const parsed = semver.parse(version);
  if (!parsed) throw new PinRefusedError(`"${version}" is not a semantic version`);
  return parsed.version;
}

/** The shared versions a host provides, or the ranges a remote requires, for one pinned version. */
async function sharedFor(store, workspaceRoot, pkg, version) {
  if (version === WORKSPACE_VERSION) {
    const manifest = JSON.parse(await readFile(path.join(workspaceRoot, pkg, 'dist', 'mf-manifest.json'), 'utf8').catch(() => 'null'));
    if (!manifest) throw new PinRefusedError(`${pkg} has no workspace build (run pnpm build)`);
    return sharedOf(manifest);
  }
  const descriptor = await store.readDescriptor(pkg, version).catch(() => null);
  if (!descriptor) throw new PinRefusedError(`${pkg}@${version} is not in the release store`);
  return descriptor.shared;
}

/** Every reason a version cannot be pinned for a target; empty when it can. */
async function pinProblems({ store, workspaceRoot, environment, target, pkg, release, requestedVersion }) {
  if (release === WORKSPACE_VERSION) {
    if (environment.name !== 'local')
      return ['version "workspace" (the unreleased build folder) may only be pinned in the local environment'];
    return [];
  }
  const { descriptor, problems } = await verifyRelease(store, pkg, release);
  if (!descriptor) return problems;
  if (requestedVersion !== release && requestedVersion !== descriptor.version) {
    problems.push(`the stored release is ${descriptor.version}, not ${requestedVersion}`);
  }
  if (problems.length) return problems;
  if (target === 'host') {
    for (const [container, pin] of Object.entries(environment.remotes)) {
      const remote = await sharedFor(store, workspaceRoot, pin.package, pin.version).catch(() => null);
      if (!remote) continue;
      for (const problem of compatibilityProblems(descriptor.shared, remote, { hostLabel: `${pkg}@${release}` }))
        problems.push(`${container} (${pin.package}@${pin.version}): ${problem}`);
    }
    return problems;
  }
  const host = hostPinOf(environment);
  const hostShared = await sharedFor(store, workspaceRoot, host.package, host.version);
  return compatibilityProblems(hostShared, descriptor.shared, { hostLabel: `${host.package}@${host.version}` });
}

function applyPin(environment, target, release) {
  if (target === 'host') environment.host = { package: HOST_PACKAGE, version: release };
  else environment.remotes[target] = { ...environment.remotes[target], version: release };
}

async function record(environmentsDir, env, entry) {
  const file = historyFile(environmentsDir, env);
  await mkdir(path.dirname(file), { recursive: true });
  await appendFile(file, `${JSON.stringify(entry)}\n`);
}

function who() {
  try {
    return process.env.PIN_USER ?? os.userInfo().username;
  } catch {
    return 'unknown';
  }
}

/**
 * @param {{ env: string, name: string, version: string, reason?: string, environmentsDir?: string, store?: object, workspaceRoot?: string, action?: 'pin' | 'rollback', now?: Date }} input
 */
export async function pin({
  env,
  name,
  version,
  reason,
  environmentsDir = DEFAULT_ENVIRONMENTS_DIR,
  store,
  workspaceRoot = repoRoot,
  action = 'pin',
  now = new Date(),
}) {
  const releaseStore = store ?? openReleaseStore(undefined, process.env, path.join(repoRoot, 'deploy/releases'));
  const { file, environment } = await readEnvironmentFile(environmentsDir, env);
  const { target, pkg, current } = resolveTarget(environment, name);
  const release = releaseNameOf(version);
  const problems = await pinProblems({ store: releaseStore, workspaceRoot, environment, target, pkg, release, requestedVersion: version });
  if (problems.length) throw new PinRefusedError(`Refused to pin ${pkg}@${version} in ${env}`, problems);
  if (current === release) throw new PinRefusedError(`${env} already runs ${pkg}@${release}`);
  applyPin(environment, target, release);
  await writeEnvironmentFile(file, environment);
  const entry = {
    time: now.toISOString(),
    env,
    action,
    target,
    package: pkg,
    from: current,
    to: release,
    reason: reason?.trim() || '(no reason given)',
    user: who(),
  };
  await record(environmentsDir, env, entry);
  return entry;
}

/** The versions a target went through, with rollbacks undoing their pin: the last is the current one. */
export function pinStack(history, target, current) {
  const stack = [];
  for (const entry of history) {
    if (entry.target !== target) continue;
    if (stack.length === 0) stack.push(entry.from);
    if (entry.action === 'rollback') stack.pop();
    else stack.push(entry.to);
  }
  if (stack.length === 0 || stack[stack.length - 1] !== current) return [current];
  return stack;
}

export async function rollback({
  env,
  name,
  reason,
  environmentsDir = DEFAULT_ENVIRONMENTS_DIR,
  store,
  workspaceRoot = repoRoot,
  now = new Date(),
}) {
  const { environment } = await readEnvironmentFile(environmentsDir, env);
  const { target, pkg, current } = resolveTarget(environment, name);
  const stack = pinStack(await readHistory(environmentsDir, env), target, current);
  if (stack.length < 2) throw new PinRefusedError(`${env} has no earlier pin of ${pkg} to return to (it runs ${current})`);
  const previous = stack[stack.length - 2];
  return pin({
    env,
    name,
    version: previous,
    reason: reason ?? `rollback from ${current}`,
    environmentsDir,
    store,
    workspaceRoot,
    action: 'rollback',
    now,
  });
}

function parseFlags(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--reason') flags.reason = argv[++i];
    else if (argv[i].startsWith('--')) throw new Error(`Unknown option ${argv[i]}`);
    else positional.push(argv[i]);
  }
  return { positional, flags };
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const { positional, flags } = parseFlags(rest);
  if (command === 'pin') {
    const [env, name, version] = positional;
    if (!env || !name || !version) throw new Error('Usage: pnpm pin <env> <package> <version> [--reason "…"]');
    const entry = await pin({ env, name, version, reason: flags.reason });
    console.log(`${env}: ${entry.package} ${entry.from} → ${entry.to}`);
  } else if (command === 'rollback') {
    const [env, name] = positional;
    if (!env || !name) throw new Error('Usage: pnpm rollback <env> <package> [--reason "…"]');
    const entry = await rollback({ env, name, reason: flags.reason });
    console.log(`${env}: ${entry.package} rolled back ${entry.from} → ${entry.to}`);
  } else if (command === 'history') {
    const [env] = positional;
    if (!env) throw new Error('Usage: pnpm pins <env>');
    const environmentsDir = DEFAULT_ENVIRONMENTS_DIR;
    const { environment } = await readEnvironmentFile(environmentsDir, env);
    console.log(`Environment ${env} runs:`);
    console.log(`  ${'host'.padEnd(20)} ${HOST_PACKAGE.padEnd(14)} ${hostPinOf(environment).version}`);
    for (const [container, remote] of Object.entries(environment.remotes))
      console.log(`  ${container.padEnd(20)} ${remote.package.padEnd(14)} ${remote.version}`);
    const history = await readHistory(environmentsDir, env);
    console.log(history.length ? '\nHistory (oldest first):' : '\nNo pin changes recorded yet.');
    for (const entry of history) {
      console.log(
        `  ${entry.time}  ${entry.action.padEnd(8)} ${entry.package.padEnd(14)} ${entry.from} → ${entry.to}  by ${entry.user}: ${entry.reason}`,
      );
    }
  } else {
    throw new Error('Usage: pins.mjs pin|rollback|history …');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(error instanceof PinRefusedError ? 2 : 1);
  });
}
