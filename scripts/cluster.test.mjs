// The settings of `pnpm cluster` (scripts/cluster.mjs): what it starts where, and what it refuses.
// The cluster itself runs in `pnpm test:cluster` (e2e/cluster/cross-replica.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterSettings, replicaEnv, replicaOrigins } from './cluster.mjs';

test('by default: two replicas on the two ports after the gateway on 8090, the gateway on 127.0.0.1', () => {
  const settings = clusterSettings({});
  assert.deepEqual(settings, { replicas: 2, gatewayPort: 8090, apiPorts: [8091, 8092], host: '127.0.0.1' });
  assert.deepEqual(replicaOrigins(settings), ['http://127.0.0.1:8091', 'http://127.0.0.1:8092']);
});

test('REPLICAS, CLUSTER_PORT, CLUSTER_API_PORT and HOST set them; blank means the default', () => {
  assert.deepEqual(clusterSettings({ REPLICAS: '3', CLUSTER_PORT: '9000', CLUSTER_API_PORT: '9100', HOST: '0.0.0.0' }), {
    replicas: 3,
    gatewayPort: 9000,
    apiPorts: [9100, 9101, 9102],
    host: '0.0.0.0',
  });
  assert.equal(clusterSettings({ REPLICAS: ' ', CLUSTER_PORT: '' }).gatewayPort, 8090);
});

test('refuses a replica count or port that is not a whole number in range, and a gateway port among the replicas', () => {
  for (const env of [
    { REPLICAS: '0' },
    { REPLICAS: '2.5' },
    { REPLICAS: 'two' },
    { CLUSTER_PORT: '70000' },
    { CLUSTER_API_PORT: '65535' },
  ]) {
    assert.throws(() => clusterSettings(env), /must be a whole number/, JSON.stringify(env));
  }
  assert.throws(() => clusterSettings({ CLUSTER_PORT: '9001', CLUSTER_API_PORT: '9000' }), /is one of the replicas' ports/);
});

test('every replica gets the same database, DATA_DIR, APP_SECRET and replica count, and its own port', () => {
  const settings = clusterSettings({ CLUSTER_PORT: '9000' });
  const shared = { settings, databaseUrl: 'postgres://cloudclip@127.0.0.1:5/cloudclip', dataDir: '/tmp/data', appSecret: 'a'.repeat(64) };
  const [one, two] = [0, 1].map((index) => replicaEnv({ ...shared, index, env: {} }));
  for (const env of [one, two]) {
    assert.equal(env.DATABASE_URL, shared.databaseUrl);
    assert.equal(env.DATA_DIR, '/tmp/data');
    assert.equal(env.APP_SECRET, shared.appSecret);
    assert.equal(env.API_REPLICAS, '2');
    assert.equal(env.API_HOST, '127.0.0.1');
    assert.equal(env.TRUST_PROXY, '127.0.0.1');
  }
  assert.deepEqual([one.API_PORT, two.API_PORT], ['9001', '9002']);
  assert.equal(replicaEnv({ ...shared, index: 0, env: { TRUST_PROXY: '10.0.0.0/8' } }).TRUST_PROXY, '10.0.0.0/8');
});
