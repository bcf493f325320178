// The kernel's version in the Module Federation shared config comes from shared-kernel/package.json
// at build time (conventions #10): node --test shared-kernel/build/
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const helperFile = path.join(root, 'shared-kernel/build/mf-shared.cjs');
const KERNEL = '@cloudclip/shared-kernel';
const APPS = ['host-shell', 'mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

it('every app provides exactly the kernel version of shared-kernel/package.json and requires ^ of it', () => {
  const { sharedDependencies } = require(helperFile);
  const kernelVersion = readJson(path.join(root, 'shared-kernel/package.json')).version;
  for (const app of APPS) {
    const appPackage = readJson(path.join(root, app, 'package.json'));
    assert.equal(
      appPackage.dependencies[KERNEL],
      'workspace:^',
      `${app}: the kernel is linked with workspace:^, its version is never repeated by hand`,
    );
    const kernel = sharedDependencies(appPackage)[KERNEL];
    assert.equal(kernel.version, kernelVersion, app);
    assert.equal(kernel.requiredVersion, `^${kernelVersion}`, app);
    assert.equal(kernel.singleton, true, app);
  }
});

it('a build against kernel 3.4.5 requires ^3.4.5 and provides 3.4.5; @cloudclip/contract is not shared', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-mf-shared-'));
  try {
    mkdirSync(path.join(dir, 'build'));
    copyFileSync(helperFile, path.join(dir, 'build/mf-shared.cjs'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: KERNEL, version: '3.4.5' }));
    const { sharedDependencies } = require(path.join(dir, 'build/mf-shared.cjs'));
    const shared = sharedDependencies({ dependencies: { react: '18.3.1', [KERNEL]: 'workspace:^', '@cloudclip/contract': 'workspace:^' } });
    assert.equal(shared[KERNEL].version, '3.4.5');
    assert.equal(shared[KERNEL].requiredVersion, '^3.4.5');
    assert.equal(shared[KERNEL].import, path.join(dir, 'src/index.ts'));
    assert.equal(shared['@cloudclip/contract'], undefined, 'the kernel bundles the contract and re-exports it');
    assert.deepEqual(Object.keys(shared).sort(), ['@cloudclip/shared-kernel', 'react', 'react/']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
