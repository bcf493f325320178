import './test-env';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ViewerError } from '../../errors';
import { patchWorkerSource } from './libarchive';

const packageDir = path.dirname(require.resolve('libarchive.js/package.json'));

describe('libarchive worker (7z, RAR)', () => {
  test('the shipped worker bundle is made runnable from a blob: URL with the .wasm asset address written in', () => {
    const bundle = readFileSync(path.join(packageDir, 'dist/worker-bundle.js'), 'utf8');
    const patched = patchWorkerSource(bundle, 'https://app.example/assets/w.js', 'https://app.example/assets/abc.wasm');
    expect(patched).not.toContain('import.meta');
    expect(patched).toContain('"https://app.example/assets/abc.wasm"');
    expect(patched).not.toContain('"libarchive.wasm",');
    // A classic script now: it parses as one (import.meta would not).
    expect(() => new Function(patched)).not.toThrow();
  });

  test('another bundle (an unexpected version) is refused as unsupported, not run half-patched', () => {
    expect(() => patchWorkerSource('console.log(import.meta.url)', '/w.js', '/l.wasm')).toThrow(ViewerError);
  });

  test('the hand-built stored 7z and RAR fixtures are read by the libarchive build the viewer ships', () => {
    const fixtures = pathToFileURL(path.resolve(__dirname, '../../../fixtures/archive.mjs')).href;
    const libarchive = pathToFileURL(path.join(packageDir, 'dist/libarchive-node.mjs')).href;
    const script = `
      const { sample7z, sampleRar } = await import(${JSON.stringify(fixtures)});
      const { Archive } = await import(${JSON.stringify(libarchive)});
      const out = {};
      for (const [name, make] of [['a.7z', sample7z], ['a.rar', sampleRar]]) {
        const archive = await Archive.open(new File([make()], name));
        const files = await archive.getFilesArray();
        const readme = files.find((f) => f.file.name === 'readme.txt');
        out[name] = { paths: files.map((f) => f.path + f.file.name), readme: await (await readme.file.extract()).text() };
        await archive.close();
      }
      console.log(JSON.stringify(out));
    `;
    // A module file of its own (libarchive's node build starts a worker thread, which must not inherit -e).
    const dir = mkdtempSync(path.join(tmpdir(), 'archive-fixtures-'));
    let result: Record<string, { paths: string[]; readme: string }>;
    try {
      writeFileSync(path.join(dir, 'check.mjs'), script);
      result = JSON.parse(execFileSync(process.execPath, [path.join(dir, 'check.mjs')], { encoding: 'utf8', timeout: 60_000 }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const name of ['a.7z', 'a.rar']) {
      expect(result[name]!.paths).toEqual(['docs/readme.txt', 'docs/notes/deep.txt', 'images/dot.png', 'report.pdf']);
      expect(result[name]!.readme).toBe('Hello from inside the archive: readme.txt');
    }
  });
});
