// The S3 release store against a real S3 endpoint (s3rver), and the store selection from RELEASE_STORE.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { FolderReleaseStore, S3ReleaseStore, openReleaseStore } from './store.mjs';
import { verifyRelease } from './checks.mjs';
import { releasePackage } from '../scripts/release.mjs';
import { writeRemoteBuild } from '../testing/fixtures.mjs';

let root;
let server;
let store;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-store-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(root, 's3'),
    configureBuckets: [{ name: 'releases' }],
  });
  const { port } = await server.run();
  store = openReleaseStore('s3://releases/cloudclip', {
    RELEASE_STORE_ENDPOINT: `http://127.0.0.1:${port}`,
    RELEASE_STORE_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
  await writeRemoteBuild(path.join(root, 'build'), { marker: 'from-s3' });
});

after(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

test('RELEASE_STORE chooses a folder or an S3 bucket with its prefix', () => {
  assert.ok(openReleaseStore(undefined, {}, '/tmp/releases') instanceof FolderReleaseStore);
  assert.ok(store instanceof S3ReleaseStore);
  assert.equal(store.describe(), 's3://releases/cloudclip');
});

test('releases into the bucket, lists, reads, verifies and refuses a second release of the version', async () => {
  const descriptor = await releasePackage({
    pkg: 'mfe-public',
    distDir: path.join(root, 'build'),
    store,
    packageVersion: '1.0.0',
    commit: 'abc',
  });
  assert.equal(await store.exists('mfe-public', '1.0.0'), true);
  assert.deepEqual(await store.listReleases('mfe-public'), ['1.0.0']);
  assert.equal((await store.readDescriptor('mfe-public', '1.0.0')).version, descriptor.version);
  const opened = await store.openFile('mfe-public', '1.0.0', 'remoteEntry.js');
  const chunks = [];
  for await (const chunk of opened.stream) chunks.push(chunk);
  assert.match(Buffer.concat(chunks).toString(), /from-s3/);
  assert.equal(await store.openFile('mfe-public', '1.0.0', 'nothing.js'), null);
  assert.deepEqual((await verifyRelease(store, 'mfe-public', '1.0.0')).problems, []);
  await assert.rejects(
    releasePackage({ pkg: 'mfe-public', distDir: path.join(root, 'build'), store, packageVersion: '1.0.0', commit: 'abc' }),
    /already released/,
  );
});
