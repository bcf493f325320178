// Unit tests of how the set-up finds Node's headers for better-sqlite3: node --test scripts/
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { headersVersion, localNodeDir } from './native-addons.mjs';

function fakeNodeInstall(version) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'node-prefix-'));
  mkdirSync(path.join(prefix, 'bin'));
  mkdirSync(path.join(prefix, 'include', 'node'), { recursive: true });
  if (version) {
    const [major, minor, patch] = version.split('.');
    writeFileSync(
      path.join(prefix, 'include', 'node', 'node_version.h'),
      `#define NODE_MAJOR_VERSION ${major}\n#define NODE_MINOR_VERSION ${minor}\n#define NODE_PATCH_VERSION ${patch}\n`,
    );
  }
  return prefix;
}

describe('headersVersion', () => {
  it('reads the version from node_version.h', () => {
    const prefix = fakeNodeInstall('20.20.2');
    assert.equal(headersVersion(path.join(prefix, 'include', 'node')), '20.20.2');
  });

  it('is null without headers', () => {
    assert.equal(headersVersion(path.join(fakeNodeInstall(null), 'include', 'node')), null);
  });
});

describe('localNodeDir', () => {
  it('uses the headers installed beside the running node when their version matches', () => {
    const prefix = fakeNodeInstall('99.1.2');
    assert.equal(localNodeDir({ execPath: path.join(prefix, 'bin', 'node'), nodeVersion: '99.1.2', env: {} }), prefix);
  });

  it('refuses headers of another Node version (they would build an addon that does not load)', () => {
    const prefix = fakeNodeInstall('99.1.1');
    assert.equal(localNodeDir({ execPath: path.join(prefix, 'bin', 'node'), nodeVersion: '99.1.2', env: {} }), null);
  });

  it('lets NODEDIR or npm_config_nodedir choose', () => {
    assert.equal(localNodeDir({ execPath: '/nowhere/bin/node', nodeVersion: '99.1.2', env: { NODEDIR: '/opt/node' } }), '/opt/node');
    assert.equal(localNodeDir({ execPath: '/nowhere/bin/node', nodeVersion: '99.1.2', env: { npm_config_nodedir: '/opt/n' } }), '/opt/n');
  });
});
