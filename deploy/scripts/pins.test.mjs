// Releases, pins, refusals and rollbacks against a real folder store and real environment files.
import { test, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, writeFile, rm, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FolderReleaseStore } from '../release-store/store.mjs';
import { releasePackage } from './release.mjs';
import { PinRefusedError, pin, pinStack, readHistory, rollback } from './pins.mjs';
import { writeHostBuild, writeRemoteBuild } from '../testing/fixtures.mjs';

let root;
let store;
let environmentsDir;
const workspaceRoot = () => path.join(root, 'workspace');

async function environment() {
  return JSON.parse(await readFile(path.join(environmentsDir, 'staging.json'), 'utf8'));
}

async function releaseRemote(version, options = {}) {
  const dir = path.join(root, 'build', `public-${version}-${Math.random().toString(36).slice(2)}`);
  await writeRemoteBuild(dir, options);
  return releasePackage({ pkg: 'mfe-public', distDir: dir, store, packageVersion: version, commit: 'c0ffee' });
}

/** Builds a host with `options` (see writeHostBuild) into build/`folder` and releases it as host-shell@`version`. */
async function releaseHost(folder, version, options) {
  const dir = path.join(root, 'build', folder);
  await writeHostBuild(dir, options);
  return releasePackage({ pkg: 'host-shell', distDir: dir, store, packageVersion: version, commit: 'c0ffee' });
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-pins-'));
  store = new FolderReleaseStore(path.join(root, 'releases'));
  environmentsDir = path.join(root, 'environments');
  await mkdir(environmentsDir, { recursive: true });
  await releaseHost('host', '1.0.0');
  await releaseRemote('1.0.0', { marker: 'one' });
  await writeFile(
    path.join(environmentsDir, 'staging.json'),
    JSON.stringify({
      name: 'staging',
      backendUrl: '',
      host: { package: 'host-shell', version: '1.0.0' },
      remotes: { cloudclip_public: { package: 'mfe-public', version: '1.0.0' } },
    }),
  );
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const common = () => ({ environmentsDir, store, workspaceRoot: workspaceRoot() });

test('a release carries version with build metadata, commit, shared ranges, manifest and digests; maps stay out', async () => {
  const descriptor = await store.readDescriptor('mfe-public', '1.0.0');
  assert.match(descriptor.version, /^1\.0\.0\+\d{8}T\d{6}Z\.c0ffee$/);
  assert.equal(descriptor.commit, 'c0ffee');
  assert.equal(descriptor.kernelRange, '^0.1.0');
  assert.deepEqual(descriptor.shared.requires, { react: '18.3.1', '@cloudclip/shared-kernel': '^0.1.0' });
  assert.equal(descriptor.manifest.name, 'cloudclip_public');
  assert.match(descriptor.files['remoteEntry.js'], /^sha384-/);
  assert.equal(descriptor.files['12.abcdef12.js.map'], undefined);
});

test('re-releasing an existing version is refused and leaves the release untouched', async () => {
  const before = await store.readDescriptor('mfe-public', '1.0.0');
  await assert.rejects(releaseRemote('1.0.0', { marker: 'other' }), /already released/);
  assert.deepEqual(await store.readDescriptor('mfe-public', '1.0.0'), before);
});

test('pin switches the environment and records time, user and reason', async () => {
  await releaseRemote('1.1.0', { marker: 'two' });
  const entry = await pin({ env: 'staging', name: 'mfe-public', version: '1.1.0', reason: 'ship search', ...common() });
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.1.0');
  assert.equal(entry.from, '1.0.0');
  const [recorded] = await readHistory(environmentsDir, 'staging');
  assert.equal(recorded.reason, 'ship search');
  assert.equal(recorded.action, 'pin');
  assert.ok(!Number.isNaN(Date.parse(recorded.time)));
});

test('a pin accepts the full version with build metadata but not a different build of it', async () => {
  const released = await releaseRemote('1.1.0');
  await assert.rejects(
    pin({ env: 'staging', name: 'cloudclip_public', version: '1.1.0+20000101T000000Z.deadbeef', ...common() }),
    /stored release is/,
  );
  await pin({ env: 'staging', name: 'cloudclip_public', version: released.version, ...common() });
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.1.0');
});

test('a pin to a release that is not in the store is refused', async () => {
  await assert.rejects(
    pin({ env: 'staging', name: 'mfe-public', version: '7.0.0', ...common() }),
    (error) => error instanceof PinRefusedError && /not in the release store/.test(error.message),
  );
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.0.0');
});

test('a pin to a tampered release is refused: changed file, missing file', async () => {
  await releaseRemote('1.1.0');
  await appendFile(path.join(root, 'releases/mfe-public/1.1.0/remoteEntry.js'), '\nalert(1)');
  await assert.rejects(
    pin({ env: 'staging', name: 'mfe-public', version: '1.1.0', ...common() }),
    /remoteEntry\.js does not match its recorded digest/,
  );
  await releaseRemote('1.2.0');
  await rm(path.join(root, 'releases/mfe-public/1.2.0/12.abcdef12.js'));
  await assert.rejects(pin({ env: 'staging', name: 'mfe-public', version: '1.2.0', ...common() }), /missing file 12\.abcdef12\.js/);
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.0.0');
});

test('a pin whose shared ranges the host cannot satisfy is refused', async () => {
  await releaseRemote('2.0.0', { shared: { react: '^19.0.0', '@cloudclip/shared-kernel': '^0.1.0' } });
  await assert.rejects(
    pin({ env: 'staging', name: 'mfe-public', version: '2.0.0', ...common() }),
    /react: the host provides 18\.3\.1, the release needs \^19\.0\.0/,
  );
  await releaseRemote('3.0.0', { shared: { '@cloudclip/shared-kernel': '^1.0.0' } });
  await assert.rejects(
    pin({ env: 'staging', name: 'mfe-public', version: '3.0.0', ...common() }),
    /shared-kernel: the release was built against kernel 1\.0\.0 and needs \^1\.0\.0, but the host \(host-shell@1\.0\.0\) provides kernel 0\.1\.0/,
  );
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.0.0');
});

test("a remote built against a newer kernel minor than the pinned host's is refused, naming the kernel, the range and the host's kernel", async () => {
  await releaseRemote('1.1.0', { kernel: '0.2.0' });
  assert.equal((await store.readDescriptor('mfe-public', '1.1.0')).kernelRange, '^0.2.0');
  const refusal = await pin({ env: 'staging', name: 'mfe-public', version: '1.1.0', ...common() }).catch((error) => error);
  assert.ok(refusal instanceof PinRefusedError, String(refusal));
  assert.deepEqual(refusal.problems, [
    '@cloudclip/shared-kernel: the release was built against kernel 0.2.0 and needs ^0.2.0, but the host (host-shell@1.0.0) provides kernel 0.1.0 (older): pin a host built with a kernel in ^0.2.0 first',
  ]);
  assert.match(refusal.message, /^Refused to pin mfe-public@1\.1\.0 in staging:/);
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.0.0');
});

test('a remote built against a newer kernel patch is refused until a host built with that kernel is pinned', async () => {
  await releaseRemote('1.1.0', { kernel: '0.1.1' });
  await assert.rejects(
    pin({ env: 'staging', name: 'mfe-public', version: '1.1.0', ...common() }),
    /needs \^0\.1\.1, but the host \(host-shell@1\.0\.0\) provides kernel 0\.1\.0 \(older\)/,
  );
  await releaseHost('host-kernel-0.1.1', '1.1.0', { kernel: '0.1.1' });
  await pin({ env: 'staging', name: 'host', version: '1.1.0', ...common() });
  await pin({ env: 'staging', name: 'mfe-public', version: '1.1.0', ...common() });
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.1.0');
});

test('a host built with a newer kernel minor is refused while a pinned remote needs the older one', async () => {
  await releaseHost('host-kernel-0.2.0', '1.1.0', { kernel: '0.2.0' });
  await assert.rejects(
    pin({ env: 'staging', name: 'host', version: '1.1.0', ...common() }),
    /cloudclip_public \(mfe-public@1\.0\.0\): @cloudclip\/shared-kernel: the release was built against kernel 0\.1\.0 and needs \^0\.1\.0, but the host \(host-shell@1\.1\.0\) provides kernel 0\.2\.0 \(newer, incompatible\)/,
  );
  assert.equal((await environment()).host.version, '1.0.0');
});

test('a host pin is refused when a pinned remote needs what the new host does not provide', async () => {
  await releaseHost('host-2', '2.0.0', { provides: { react: '19.0.0', '@cloudclip/shared-kernel': '0.1.0' } });
  await assert.rejects(
    pin({ env: 'staging', name: 'host', version: '2.0.0', ...common() }),
    /cloudclip_public \(mfe-public@1\.0\.0\): react/,
  );
  assert.equal((await environment()).host.version, '1.0.0');
});

test('rollback returns to the previous pin, and again to the one before', async () => {
  await releaseRemote('1.1.0');
  await releaseRemote('1.2.0');
  await pin({ env: 'staging', name: 'mfe-public', version: '1.1.0', ...common() });
  await pin({ env: 'staging', name: 'mfe-public', version: '1.2.0', ...common() });
  const first = await rollback({ env: 'staging', name: 'mfe-public', ...common() });
  assert.deepEqual([first.from, first.to, first.action], ['1.2.0', '1.1.0', 'rollback']);
  await rollback({ env: 'staging', name: 'mfe-public', reason: 'bad build', ...common() });
  assert.equal((await environment()).remotes.cloudclip_public.version, '1.0.0');
  await assert.rejects(rollback({ env: 'staging', name: 'mfe-public', ...common() }), /no earlier pin/);
  const history = await readHistory(environmentsDir, 'staging');
  assert.equal(history.length, 4);
  assert.equal(history[3].reason, 'bad build');
});

test('rollback without any recorded pin is refused', async () => {
  await assert.rejects(rollback({ env: 'staging', name: 'host', ...common() }), /no earlier pin of host-shell/);
});

test('version "workspace" may only be pinned in the local environment; unknown names are refused', async () => {
  await assert.rejects(
    pin({ env: 'staging', name: 'mfe-public', version: 'workspace', ...common() }),
    /only be pinned in the local environment/,
  );
  await assert.rejects(pin({ env: 'staging', name: 'mfe-nothing', version: '1.0.0', ...common() }), /not pinned in environment staging/);
  await assert.rejects(pin({ env: 'nowhere', name: 'mfe-public', version: '1.0.0', ...common() }), /Unknown environment/);
});

test('pinStack replays pins and rollbacks', () => {
  const history = [
    { target: 'x', action: 'pin', from: 'a', to: 'b' },
    { target: 'y', action: 'pin', from: 'q', to: 'r' },
    { target: 'x', action: 'pin', from: 'b', to: 'c' },
    { target: 'x', action: 'rollback', from: 'c', to: 'b' },
    { target: 'x', action: 'pin', from: 'b', to: 'd' },
  ];
  assert.deepEqual(pinStack(history, 'x', 'd'), ['a', 'b', 'd']);
  assert.deepEqual(pinStack(history, 'x', 'z'), ['z'], 'an environment file edited by hand starts a new history');
});

test('a build whose Brotli copy no longer matches its file (edited after the build) is not released', async () => {
  const dir = path.join(root, 'build', 'public-edited');
  await writeRemoteBuild(dir, { marker: 'edited' });
  await appendFile(path.join(dir, '12.abcdef12.js'), '\n/* edited after the build */');
  await assert.rejects(
    releasePackage({ pkg: 'mfe-public', distDir: dir, store, packageVersion: '4.0.0', commit: 'c0ffee' }),
    /12\.abcdef12\.js\.br is not the Brotli copy of 12\.abcdef12\.js/,
  );
  assert.equal(await store.exists('mfe-public', '4.0.0'), false);
});
