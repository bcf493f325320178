// Unit tests of the API report's comparison and version-bump rule: node --test scripts/
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bumpBetween, changeLevel, checkReport, compareVersions, diffReports, minimumVersion, parseVersion } from './api-report-lib.mjs';

const report = (version, exports) => ({ package: '@cloudclip/shared-kernel', version, entry: 'src/index.ts', exports });
const BASE = {
  copyText: { kind: 'function', signature: ['(text: string) => Promise<boolean>'] },
  MAX_VIEWS: { kind: 'const', signature: ['number'] },
  PasteView: { kind: 'interface', signature: ['content: string', 'slug: string'] },
  Limits: { kind: 'const', signature: ['readonly maxSize: number'] },
};
const UPDATE = 'pnpm api-report shared-kernel --update';
const check = (recordedVersion, exports, packageVersion) =>
  checkReport({ recorded: report(recordedVersion, BASE), current: report(packageVersion, exports), packageVersion, updateCommand: UPDATE });

describe('versions', () => {
  it('orders versions by semver precedence, prereleases below their release', () => {
    assert.ok(compareVersions('0.10.0', '0.9.9') > 0);
    assert.ok(compareVersions('1.0.0-rc.2', '1.0.0-rc.10') < 0);
    assert.ok(compareVersions('1.0.0-rc.1', '1.0.0') < 0);
    assert.equal(compareVersions('1.2.3+build.1', '1.2.3'), 0);
    assert.equal(parseVersion('1.2'), null);
  });

  it('names the bump between two versions', () => {
    assert.equal(bumpBetween('0.1.0', '0.1.0'), 'none');
    assert.equal(bumpBetween('0.1.0', '0.1.1'), 'patch');
    assert.equal(bumpBetween('0.1.3', '0.2.0'), 'minor');
    assert.equal(bumpBetween('1.4.0', '2.0.0'), 'major');
    assert.equal(bumpBetween('1.4.0', '1.3.9'), 'lower');
  });

  it('needs minor for additions and major for breaking changes from 1.0.0 on', () => {
    assert.deepEqual(minimumVersion('1.4.2', 'addition'), { version: '1.5.0', bump: 'minor' });
    assert.deepEqual(minimumVersion('1.4.2', 'breaking'), { version: '2.0.0', bump: 'major' });
  });

  it('needs patch for additions and minor for breaking changes under 0.x, as ^0.y.z ranges do', () => {
    assert.deepEqual(minimumVersion('0.1.0', 'addition'), { version: '0.1.1', bump: 'patch' });
    assert.deepEqual(minimumVersion('0.1.0', 'breaking'), { version: '0.2.0', bump: 'minor' });
    assert.deepEqual(minimumVersion('0.0.3', 'breaking'), { version: '0.0.4', bump: 'patch' });
  });
});

describe('diffReports', () => {
  it('finds added and removed exports', () => {
    const { added, removed, changed } = diffReports(
      report('0.1.0', BASE),
      report('0.1.0', { ...BASE, getKernel: { kind: 'function', signature: ['() => Kernel'] } }),
    );
    assert.deepEqual(added, ['getKernel']);
    assert.deepEqual(removed, []);
    assert.deepEqual(
      changed.map((c) => c.name),
      [],
    );
    const { MAX_VIEWS, ...withoutMaxViews } = BASE;
    assert.deepEqual(diffReports(report('0.1.0', BASE), report('0.1.0', withoutMaxViews)).removed, ['MAX_VIEWS']);
  });

  it('counts a changed signature or kind as incompatible', () => {
    const diff = diffReports(
      report('0.1.0', BASE),
      report('0.1.0', {
        ...BASE,
        copyText: { kind: 'function', signature: ['(text: string, target?: Element) => Promise<boolean>'] },
        MAX_VIEWS: { kind: 'let', signature: ['number'] },
      }),
    );
    assert.deepEqual(
      diff.changed.map((c) => [c.name, c.breaking]),
      [
        ['MAX_VIEWS', true],
        ['copyText', true],
      ],
    );
    assert.equal(changeLevel(diff), 'breaking');
  });

  it('counts a new optional interface member or a new constant member as compatible, a new required member as incompatible', () => {
    const optional = diffReports(
      report('0.1.0', BASE),
      report('0.1.0', {
        ...BASE,
        PasteView: { kind: 'interface', signature: ['content: string', 'remark?: string | undefined', 'slug: string'] },
      }),
    );
    assert.equal(changeLevel(optional), 'addition');
    const constant = diffReports(
      report('0.1.0', BASE),
      report('0.1.0', { ...BASE, Limits: { kind: 'const', signature: ['readonly maxSize: number', 'readonly minSize: number'] } }),
    );
    assert.equal(changeLevel(constant), 'addition');
    const required = diffReports(
      report('0.1.0', BASE),
      report('0.1.0', { ...BASE, PasteView: { kind: 'interface', signature: ['content: string', 'remark: string', 'slug: string'] } }),
    );
    assert.equal(changeLevel(required), 'breaking');
  });

  it('ignores the order of signature lines', () => {
    const diff = diffReports(
      report('0.1.0', BASE),
      report('0.1.0', { ...BASE, PasteView: { kind: 'interface', signature: ['slug: string', 'content: string'] } }),
    );
    assert.equal(changeLevel(diff), 'none');
  });
});

describe('checkReport', () => {
  const added = { ...BASE, getKernel: { kind: 'function', signature: ['() => Kernel'] } };
  const { MAX_VIEWS, ...removed } = BASE;

  it('passes when the exports and the version match the report', () => {
    const result = check('0.1.0', BASE, '0.1.0');
    assert.equal(result.ok, true);
    assert.deepEqual(result.messages, []);
  });

  it('fails on changed exports at the recorded version, naming them and the version to bump to', () => {
    const result = check('0.1.0', added, '0.1.0');
    assert.equal(result.ok, false);
    const text = result.messages.join('\n');
    assert.match(text, /exports changed .*recorded at 0\.1\.0.*still 0\.1\.0/);
    assert.match(text, /added: getKernel/);
    assert.match(text, /at least 0\.1\.1 \(added exports need a patch bump under 0\.x\)/);
    assert.match(text, /pnpm api-report shared-kernel --update/);
    assert.match(
      check('1.2.0', removed, '1.2.0').messages.join('\n'),
      /removed: MAX_VIEWS[\s\S]*at least 2\.0\.0 \(removed or changed exports need a major bump\)/,
    );
  });

  it('fails when the bump is too small for what changed', () => {
    const patchForAddition = check('1.2.0', added, '1.2.1');
    assert.equal(patchForAddition.ok, false);
    assert.match(
      patchForAddition.messages.join('\n'),
      /1\.2\.0 → 1\.2\.1 is a patch bump, too small[\s\S]*at least 1\.3\.0 \(added exports need a minor bump\)/,
    );
    const minorForRemoval = check('1.2.0', removed, '1.3.0');
    assert.match(minorForRemoval.messages.join('\n'), /is a minor bump, too small[\s\S]*at least 2\.0\.0/);
    const patchForRemovalUnder0 = check('0.1.0', removed, '0.1.1');
    assert.match(patchForRemovalUnder0.messages.join('\n'), /at least 0\.2\.0 \(removed or changed exports need a minor bump under 0\.x\)/);
  });

  it('still fails after a big enough bump until the report is updated', () => {
    for (const [exports, version] of [
      [added, '0.1.1'],
      [added, '0.2.0'],
      [removed, '0.2.0'],
      [removed, '2.0.0'],
    ]) {
      const result = check('0.1.0', exports, version);
      assert.equal(result.ok, false, `${version}`);
      assert.match(result.messages.join('\n'), /bumped correctly[\s\S]*--update/);
    }
  });

  it('fails when the version changed but the exports did not, so the report records the released version', () => {
    const result = check('0.1.0', BASE, '0.1.1');
    assert.equal(result.ok, false);
    assert.match(result.messages.join('\n'), /from 0\.1\.0 to 0\.1\.1 with the same exports/);
  });

  it('fails on a missing report, a lower version and a version that is not semver', () => {
    assert.match(
      checkReport({ recorded: null, current: report('0.1.0', BASE), packageVersion: '0.1.0', updateCommand: UPDATE }).messages.join(),
      /no API report yet/,
    );
    assert.match(check('0.2.0', BASE, '0.1.9').messages.join(), /lower than 0\.2\.0/);
    assert.match(check('0.1.0', BASE, 'next').messages.join(), /not a semantic version/);
  });
});
