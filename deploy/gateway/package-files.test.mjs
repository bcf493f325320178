// The reader of the gateway's own files of a pinned version: read once for a release; for a
// workspace build, read again when it changed, looked at no more than once per `recheckMs`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPackageReader } from './package-files.mjs';

function fakeFiles() {
  const state = { version: 'v1', content: '{"n":1}', stats: 0, reads: 0 };
  return {
    state,
    files: {
      async workspaceVersionOf() {
        state.stats += 1;
        return state.version;
      },
      async readPackageFile() {
        state.reads += 1;
        return Buffer.from(state.content);
      },
    },
  };
}

test('a workspace build file is looked at once per recheck time and read again only when it changed', async () => {
  const { state, files } = fakeFiles();
  let clock = 0;
  const reader = createPackageReader(files, { recheckMs: 1000, now: () => clock });
  assert.deepEqual(await reader.packageJson('host-shell', 'workspace', 'route-map.json'), { n: 1 });
  clock = 999;
  assert.deepEqual(await reader.packageJson('host-shell', 'workspace', 'route-map.json'), { n: 1 });
  assert.deepEqual([state.stats, state.reads], [1, 1]);
  // Rebuilt: within the recheck time the reader still answers what it read…
  Object.assign(state, { version: 'v2', content: '{"n":2}' });
  assert.deepEqual(await reader.packageJson('host-shell', 'workspace', 'route-map.json'), { n: 1 });
  // …and after it, the new build.
  clock = 1000;
  assert.deepEqual(await reader.packageJson('host-shell', 'workspace', 'route-map.json'), { n: 2 });
  assert.deepEqual([state.stats, state.reads], [2, 2]);
  // Unchanged at the next look: not read again.
  clock = 2500;
  assert.deepEqual(await reader.packageJson('host-shell', 'workspace', 'route-map.json'), { n: 2 });
  assert.deepEqual([state.stats, state.reads], [3, 2]);
});

test('a released version is read once and never looked at again', async () => {
  const { state, files } = fakeFiles();
  const reader = createPackageReader(files, { recheckMs: 0 });
  await reader.packageText('mfe-public', '1.2.3', 'page-chunks.json');
  state.content = 'changed';
  assert.equal(await reader.packageText('mfe-public', '1.2.3', 'page-chunks.json'), '{"n":1}');
  assert.deepEqual([state.stats, state.reads], [0, 1]);
});
