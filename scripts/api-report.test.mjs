// The API report command against a small throwaway package (TypeScript from shared-kernel): node --test scripts/
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.join(here, 'api-report.mjs');
let dir;

function writePackage(version, more) {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@cloudclip/example', version, types: 'src/index.ts' }));
  writeFileSync(path.join(dir, 'src/more.ts'), more);
}

function run(...args) {
  const result = spawnSync(process.execPath, [script, dir, ...args], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-api-report-'));
  mkdirSync(path.join(dir, 'src'));
  mkdirSync(path.join(dir, 'node_modules'));
  const kernelRequire = createRequire(path.join(here, '../shared-kernel/package.json'));
  symlinkSync(
    realpathSync(path.dirname(kernelRequire.resolve('typescript/package.json'))),
    path.join(dir, 'node_modules/typescript'),
    'dir',
  );
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
        lib: ['ES2022'],
        noEmit: true,
        types: [],
      },
    }),
  );
  writeFileSync(
    path.join(dir, 'src/index.ts'),
    [
      'export function countViews(slug: string, max?: number): number { return slug.length + (max ?? 0); }',
      'export interface PasteView { slug: string; remark?: string }',
      "export const LIMITS = { maxViews: 100, label: 'views' } as const;",
      "export { type Mode, MODES } from './more';",
      "export type Order = 'zeta' | null | 'alpha';",
      '',
    ].join('\n'),
  );
  writePackage('0.1.0', "export type Mode = 'a' | 'b';\nexport const MODES: readonly Mode[] = ['a', 'b'];\n");
});

after(() => rmSync(dir, { recursive: true, force: true }));

it('records the exports, follows re-exports, then refuses an unbumped change until the version and report are updated', () => {
  assert.equal(run('--update').status, 0);
  const report = JSON.parse(readFileSync(path.join(dir, 'api-report.json'), 'utf8'));
  assert.equal(report.version, '0.1.0');
  assert.deepEqual(report.exports.countViews, { kind: 'function', signature: ['(slug: string, max?: number | undefined) => number'] });
  assert.deepEqual(report.exports.PasteView, { kind: 'interface', signature: ['remark?: string | undefined', 'slug: string'] });
  assert.deepEqual(report.exports.LIMITS, { kind: 'const', signature: ['readonly label: string', 'readonly maxViews: number'] });
  assert.deepEqual(report.exports.Mode, { kind: 'type', signature: ['"a" | "b"'] });
  assert.equal(report.exports.MODES.kind, 'const');
  assert.deepEqual(report.exports.Order.signature, ['"alpha" | "zeta" | null'], 'union members are sorted, not in type-id order');
  assert.equal(run().status, 0);

  writePackage('0.1.0', "export type Mode = 'a' | 'b';\nexport const MODES: readonly Mode[] = ['a', 'b'];\nexport const EXTRA = 1;\n");
  writeFileSync(path.join(dir, 'src/index.ts'), `${readFileSync(path.join(dir, 'src/index.ts'), 'utf8')}export { EXTRA } from './more';\n`);
  const unbumped = run();
  assert.equal(unbumped.status, 1);
  assert.match(unbumped.output, /exports changed[\s\S]*added: EXTRA[\s\S]*at least 0\.1\.1/);
  assert.equal(run('--update').status, 1, '--update refuses to record an unbumped change');

  writePackage('0.1.1', "export type Mode = 'a' | 'b';\nexport const MODES: readonly Mode[] = ['a', 'b'];\nexport const EXTRA = 1;\n");
  assert.match(run().output, /bumped correctly/);
  assert.equal(run('--update').status, 0);
  assert.equal(run().status, 0);
  assert.equal(JSON.parse(readFileSync(path.join(dir, 'api-report.json'), 'utf8')).version, '0.1.1');
});
