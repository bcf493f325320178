import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ENCRYPTED_SHARE,
  RARE_EVERY,
  RARE_WORD,
  SEARCH_QUERIES,
  benchFile,
  benchPaste,
  latencySummary,
  listKnob,
  quantile,
  seededRandom,
  slowdownPercent,
} from './bench-search-lib.mjs';
import { sampleOf, shareOf } from './sample-stats.mjs';

const SAMPLE = 20_000;
const pastes = sampleOf(SAMPLE, benchPaste);
const files = sampleOf(SAMPLE, benchFile);
const plain = pastes.filter((paste) => paste.encryption === null);

test('the same index always gives the same paste and file', () => {
  assert.deepEqual(benchPaste(4242), benchPaste(4242));
  assert.deepEqual(benchFile(4242), benchFile(4242));
  assert.notDeepEqual(benchPaste(1), benchPaste(2));
  const a = seededRandom(7);
  const b = seededRandom(7);
  assert.deepEqual([a(), a(), a()], [b(), b(), b()]);
});

test('about ENCRYPTED_SHARE of the pastes are envelopes of ciphertext with no plaintext words', () => {
  const encrypted = pastes.filter((paste) => paste.encryption !== null);
  assert.ok(Math.abs(encrypted.length / SAMPLE - ENCRYPTED_SHARE) < 0.01, `${encrypted.length} encrypted`);
  for (const paste of encrypted.slice(0, 50)) {
    const envelope = JSON.parse(paste.content);
    assert.equal(paste.encryption, 'aes-256-gcm/v1');
    assert.equal(envelope.v, 1);
    assert.equal(Buffer.from(envelope.iv, 'base64url').length, 12);
    assert.ok(Buffer.from(envelope.ct, 'base64url').length >= 64);
    assert.doesNotMatch(paste.content, /deploy|会议/u);
  }
});

test('the text mixes English and Chinese, and a third of the rows carry a remark', () => {
  assert.ok(shareOf(plain, (paste) => /[\u4e00-\u9fff]/u.test(paste.content)) > 0.3);
  assert.ok(shareOf(plain, (paste) => /\b[a-z]{4,}\b/u.test(paste.content)) > 0.9);
  const remarks = shareOf(pastes, (paste) => paste.remark !== null);
  assert.ok(remarks > 0.25 && remarks < 0.45, `remarks ${remarks}`);
  const fileRemarks = shareOf(files, (file) => file.remark !== null);
  assert.ok(fileRemarks > 0.2 && fileRemarks < 0.4, `file remarks ${fileRemarks}`);
});

test('each query of the mix finds what its kind says', () => {
  const hits = (q) => {
    const terms = q.toLowerCase().split(/\s+/u);
    const text = (paste) => `${paste.remark ?? ''}\n${paste.encryption ? '' : paste.content}`.toLowerCase();
    return pastes.filter((paste) => terms.every((term) => text(paste).includes(term))).length;
  };
  const byKind = Object.fromEntries(SEARCH_QUERIES.map(({ kind, q }) => [kind, hits(q)]));
  assert.ok(byKind['common word'] > SAMPLE * 0.1, `common ${byKind['common word']}`);
  assert.equal(byKind['rare word'], Math.ceil(SAMPLE / RARE_EVERY));
  assert.ok(byKind['Chinese, 2 characters'] > SAMPLE * 0.02);
  assert.ok(byKind['Chinese, 3 characters'] > SAMPLE * 0.02);
  assert.ok(byKind['multi-term'] > 0 && byKind['multi-term'] < byKind['common word']);
  assert.equal(byKind['no hit'], 0);
  assert.equal(files.filter((file) => file.filename.includes(RARE_WORD)).length, Math.ceil(SAMPLE / RARE_EVERY));
});

test('file shares have unique filenames with an extension and a size', () => {
  assert.equal(new Set(files.map((file) => file.filename)).size, SAMPLE);
  for (const file of files.slice(0, 100)) {
    assert.match(file.filename, /\.[a-z0-9.]+$/u);
    assert.ok(file.size >= 1024);
    assert.ok(file.mimetype.includes('/'));
  }
});

test('quantile takes the nearest rank and latencySummary gives p50, p99 and throughput', () => {
  const values = Array.from({ length: 100 }, (_, index) => index + 1);
  assert.equal(quantile(values, 0.5), 50);
  assert.equal(quantile(values, 0.99), 99);
  assert.equal(quantile([], 0.5), null);
  const summary = latencySummary([...values].reverse(), 2000);
  assert.equal(summary.requests, 100);
  assert.equal(summary.p50Ms, 50);
  assert.equal(summary.p99Ms, 99);
  assert.equal(summary.meanMs, 50.5);
  assert.equal(summary.perSecond, 50);
});

test('slowdownPercent compares throughputs with and without the index', () => {
  assert.equal(slowdownPercent(90, 100), 10);
  assert.equal(slowdownPercent(100, 100), 0);
  assert.equal(slowdownPercent(105, 100), -5);
  assert.equal(slowdownPercent(50, 0), null);
});

test('listKnob splits a comma-separated setting and falls back when unset', () => {
  assert.deepEqual(listKnob(undefined, 'sqlite,postgres'), ['sqlite', 'postgres']);
  assert.deepEqual(listKnob(' postgres , ', 'sqlite'), ['postgres']);
});
