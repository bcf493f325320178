import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import {
  FILE_MAX_BYTES,
  FILE_MIN_BYTES,
  backupFile,
  backupPaste,
  countOption,
  databasesOption,
  fileBytes,
  growthPercent,
  humanBytes,
  markdownOfSize,
  parseMaxRss,
  parseVmHwm,
  rowsOfCliOutput,
} from './bench-backup-lib.mjs';
import { seededRandom } from './bench-search-lib.mjs';
import { sampleOf, shareOf } from './sample-stats.mjs';

const SAMPLE = 4_000;
const pastes = sampleOf(SAMPLE, backupPaste);
const files = sampleOf(2_000, backupFile);
const bytesOf = (paste) => Buffer.byteLength(paste.content);

test('the same index always gives the same paste and file', () => {
  assert.deepEqual(backupPaste(77), backupPaste(77));
  assert.deepEqual(backupFile(77), backupFile(77));
  assert.notDeepEqual(backupPaste(1), backupPaste(2));
});

test('most pastes are 200 B to 4 KB of Markdown, about 1 % are 40 to 60 KB', () => {
  const plain = pastes.filter((paste) => paste.encryption === null);
  const small = shareOf(plain, (paste) => bytesOf(paste) >= 150 && bytesOf(paste) <= 4096);
  const large = shareOf(plain, (paste) => bytesOf(paste) >= 39_000 && bytesOf(paste) <= 60_000);
  assert.ok(small > 0.97, `small share ${small}`);
  assert.ok(large > 0.005 && large < 0.02, `large share ${large}`);
  assert.ok(plain.every((paste) => paste.content.startsWith('# ')));
});

test('some pastes carry tags, passwords and encryption; tags are unique per paste', () => {
  assert.ok(shareOf(pastes, (paste) => paste.tags.length > 0) > 0.25);
  assert.ok(shareOf(pastes, (paste) => paste.hasPassword) > 0.07);
  assert.ok(shareOf(pastes, (paste) => paste.encryption !== null) > 0.01);
  assert.ok(pastes.every((paste) => new Set(paste.tags).size === paste.tags.length));
});

test('markdownOfSize never exceeds the asked size, even with Chinese text', () => {
  for (let seed = 1; seed < 200; seed += 1) {
    const size = 200 + seed * 37;
    const text = markdownOfSize(seededRandom(seed), size);
    assert.ok(Buffer.byteLength(text) <= size);
    assert.ok(Buffer.byteLength(text) > size - 200);
    assert.ok(!text.includes('\uFFFD'));
  }
});

test('file objects are 1 to 64 KB, exactly their row size, text or random bytes', () => {
  assert.ok(files.every((file) => file.size >= FILE_MIN_BYTES && file.size <= FILE_MAX_BYTES));
  const mean = files.reduce((sum, file) => sum + file.size, 0) / files.length;
  assert.ok(mean > 10_000 && mean < 20_000, `mean ${mean}`);
  for (const index of [0, 1, 2, 3, 4, 5, 6, 7]) {
    assert.equal(fileBytes(index, files[index], randomBytes).length, files[index].size);
  }
  assert.ok(shareOf(files, (file) => file.text) > 0.3 && shareOf(files, (file) => !file.text) > 0.3);
});

test('reads the peak RSS of /usr/bin/time and of /proc status', () => {
  assert.equal(parseMaxRss('123456\n'), 123456 * 1024);
  assert.equal(parseMaxRss('Command exited with non-zero status 1\n2048\n'), 2048 * 1024);
  assert.equal(parseMaxRss(''), null);
  assert.equal(parseVmHwm('Name:\tnode\nVmPeak:\t  900 kB\nVmHWM:\t   51200 kB\nVmRSS:\t 40000 kB\n'), 51200 * 1024);
  assert.equal(parseVmHwm('Name:\tnode\n'), null);
});

test('reads the row count of the CLI output', () => {
  assert.equal(rowsOfCliOutput('Backup written to /tmp/a.tar.gz: 33231 rows, 2000 objects (schema 0013)'), 33231);
  assert.equal(rowsOfCliOutput('Restored 112 rows and 3 objects from a.tar.gz'), 112);
  assert.equal(rowsOfCliOutput('something else'), null);
});

test('options: flags before the environment, positive integers and known databases only', () => {
  assert.equal(countOption(['node', 'x', '--pastes=20000'], 'pastes', '5', 100_000), 20_000);
  assert.equal(countOption(['node', 'x'], 'pastes', '5', 100_000), 5);
  assert.equal(countOption(['node', 'x'], 'pastes', undefined, 100_000), 100_000);
  assert.throws(() => countOption(['--files=0'], 'files', undefined, 1), /positive integer/);
  assert.throws(() => countOption(['--files=abc'], 'files', undefined, 1), /positive integer/);
  assert.deepEqual(databasesOption([], undefined), ['sqlite', 'postgres']);
  assert.deepEqual(databasesOption(['--dbs=postgres'], 'sqlite'), ['postgres']);
  assert.throws(() => databasesOption(['--dbs=mysql'], undefined), /sqlite and\/or postgres/);
});

test('growth and byte figures', () => {
  assert.equal(growthPercent(100, 110), 10);
  assert.equal(growthPercent(null, 110), null);
  assert.equal(humanBytes(512), '512 B');
  assert.equal(humanBytes(1536), '1.5 KiB');
  assert.equal(humanBytes(3 * 1024 * 1024), '3.0 MiB');
  assert.equal(humanBytes(null), '—');
});
