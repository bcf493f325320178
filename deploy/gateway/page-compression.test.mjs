// The boot page compressed as it is sent: the coding the browser accepts, the same text once decoded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createPageCompressor, pageCodingFor } from './page-compression.mjs';

const PAGE = `<!doctype html><html><body>${'<p>Cloudclip 页面</p>'.repeat(500)}</body></html>`;

test('the coding: br when accepted, else gzip, else none', () => {
  assert.equal(pageCodingFor('gzip, deflate, br, zstd'), 'br');
  assert.equal(pageCodingFor('gzip, br;q=0'), 'gzip');
  assert.equal(pageCodingFor('*'), 'br');
  assert.equal(pageCodingFor('identity'), null);
  assert.equal(pageCodingFor(undefined), null);
});

test('a page decodes to its text in every coding, personal or shared', async () => {
  const { compress } = createPageCompressor();
  for (const personal of [true, false]) {
    const br = await compress(PAGE, 'br', { personal });
    assert.equal(br.coding, 'br');
    assert.equal(brotliDecompressSync(br.body).toString('utf8'), PAGE);
    assert.ok(br.body.length < PAGE.length / 10);
    const gz = await compress(PAGE, 'gzip', { personal });
    assert.equal(gunzipSync(gz.body).toString('utf8'), PAGE);
    assert.deepEqual(await compress(PAGE, 'identity', { personal }), { body: PAGE, coding: null });
  }
});

test('a shared page is compressed once; a personal page every time', async () => {
  const { compress } = createPageCompressor();
  const shared = [await compress(PAGE, 'br', { personal: false }), await compress(PAGE, 'br', { personal: false })];
  assert.equal(shared[0].body, shared[1].body, 'the same buffer: kept');
  const personal = [await compress(PAGE, 'br', { personal: true }), await compress(PAGE, 'br', { personal: true })];
  assert.notEqual(personal[0].body, personal[1].body);
  const other = await compress(`${PAGE}<!-- another -->`, 'br', { personal: false });
  assert.match(brotliDecompressSync(other.body).toString('utf8'), /another/);
});

test('a page of parts is one gzip member: kept parts compressed once, visitor parts every time, the checksum over all', async () => {
  const { compressParts } = createPageCompressor();
  const head = Buffer.from(`<!doctype html><head>${'<link rel="preload" href="/a.js">'.repeat(200)}`);
  const tail = Buffer.from(`<main>${'<p>分享的文本 rendered once</p>'.repeat(300)}</main></html>`);
  const page = (views) => [
    { data: head, kept: true },
    { data: Buffer.from(`{"views":${views},"content":"${'x'.repeat(5000)}"}`) },
    { data: Buffer.alloc(0), kept: true },
    { data: tail, kept: true },
    { data: Buffer.from(String(views)) },
  ];
  const text = (views) => Buffer.concat(page(views).map((part) => part.data)).toString('utf8');
  const first = await compressParts(page(1), 'gzip, deflate, br');
  assert.equal(first.coding, 'gzip');
  assert.equal(gunzipSync(first.body).toString('utf8'), text(1));
  const second = await compressParts(page(12345), 'gzip');
  assert.equal(gunzipSync(second.body).toString('utf8'), text(12345));
  assert.ok(second.body.length < text(12345).length / 5, `${second.body.length} bytes`);
  // The kept parts' segments are the same bytes in both (head and tail), the visitor's differ.
  assert.equal(first.body.subarray(10, 60).toString('hex'), second.body.subarray(10, 60).toString('hex'));
  // No gzip: Brotli of the whole, or the text as it is.
  const br = await compressParts(page(2), 'br');
  assert.equal(br.coding, 'br');
  assert.equal(brotliDecompressSync(br.body).toString('utf8'), text(2));
  const none = await compressParts(page(3), 'identity');
  assert.equal(none.coding, null);
  assert.equal(Buffer.from(none.body).toString('utf8'), text(3));
});
