// The web app manifest's pieces: its language, its members, its texts file and the committed icons it names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ICONS, MANIFEST_TEXTS_FILE, loadManifestTexts, manifestLanguageOf, webAppManifest } from './app-manifest.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const iconsDir = path.resolve(here, '../../host-shell/public/icons');

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(buffer) {
  assert.equal(buffer.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'a PNG signature');
  assert.equal(buffer.subarray(12, 16).toString('latin1'), 'IHDR');
  return `${buffer.readUInt32BE(16)}x${buffer.readUInt32BE(20)}`;
}

test('the language: ?lang= first, then Accept-Language (zh… → zh-CN, anything else en-US), Chinese when the browser says nothing', () => {
  assert.equal(manifestLanguageOf('en-US', 'zh-CN,zh;q=0.9'), 'en-US');
  assert.equal(manifestLanguageOf('zh-CN', 'en-US'), 'zh-CN');
  assert.equal(manifestLanguageOf(undefined, undefined), 'zh-CN');
  assert.equal(manifestLanguageOf(undefined, ''), 'zh-CN');
  assert.equal(manifestLanguageOf('fr-FR', 'zh-TW,en;q=0.5'), 'zh-CN');
  assert.equal(manifestLanguageOf(undefined, 'en-GB,en;q=0.9'), 'en-US');
  assert.equal(manifestLanguageOf(undefined, 'fr-FR,fr;q=0.9'), 'en-US');
  assert.equal(manifestLanguageOf(undefined, 'fr;q=0.9,zh;q=0.8'), 'zh-CN', 'the first of its languages the manifest has');
  assert.equal(manifestLanguageOf(undefined, 'en;q=0.5,zh-CN'), 'zh-CN', 'by quality, not by place');
  assert.equal(manifestLanguageOf(undefined, 'zh;q=0,en'), 'en-US', 'a refused language is not chosen');
  assert.equal(manifestLanguageOf(['en-US'], 'zh'), 'zh-CN', 'a repeated ?lang= is no choice');
});

test('the manifest has every member installing needs, in each language', async () => {
  const texts = await loadManifestTexts();
  for (const language of ['zh-CN', 'en-US']) {
    const manifest = webAppManifest(texts, language);
    assert.equal(manifest.id, '/');
    assert.equal(manifest.lang, language);
    assert.equal(manifest.name, texts[language].name);
    assert.equal(manifest.short_name, 'Cloudclip');
    assert.ok(manifest.description.length > 10);
    assert.equal(manifest.start_url, '/?source=pwa');
    assert.equal(manifest.scope, '/');
    assert.equal(manifest.display, 'standalone');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
    const icon = (purpose, sizes) => manifest.icons.find((entry) => entry.purpose === purpose && entry.sizes === sizes);
    assert.ok(icon('any', '192x192') && icon('any', '512x512') && icon('maskable', '512x512'));
    assert.deepEqual(
      manifest.shortcuts.map((shortcut) => shortcut.url),
      ['/', '/upload'],
    );
    assert.deepEqual(manifest.share_target, {
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['*/*'] }] },
    });
  }
  const zh = webAppManifest(texts, 'zh-CN');
  const en = webAppManifest(texts, 'en-US');
  assert.match(zh.name, /[\u4e00-\u9fff]/);
  assert.match(zh.shortcuts[0].name, /[\u4e00-\u9fff]/);
  assert.doesNotMatch(en.name + en.description + en.shortcuts.map((shortcut) => shortcut.name).join(''), /[\u4e00-\u9fff]/);
  assert.notEqual(zh.shortcuts[1].description, en.shortcuts[1].description);
});

test('a texts file missing a language or a shortcut text is refused at start', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-manifest-texts-'));
  try {
    const texts = JSON.parse(await readFile(MANIFEST_TEXTS_FILE, 'utf8'));
    const broken = path.join(dir, 'texts.json');
    await writeFile(
      broken,
      JSON.stringify({ ...texts, 'en-US': { ...texts['en-US'], shortcuts: { paste: texts['en-US'].shortcuts.paste } } }),
    );
    await assert.rejects(loadManifestTexts(broken), /en-US texts are incomplete/);
    const { 'zh-CN': _zh, ...withoutChinese } = texts;
    await writeFile(broken, JSON.stringify(withoutChinese));
    await assert.rejects(loadManifestTexts(broken), /zh-CN/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('every icon the manifest and the page name is committed, at its declared size and small', async () => {
  const texts = await loadManifestTexts();
  const manifest = webAppManifest(texts, 'en-US');
  const declared = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)];
  for (const icon of declared) {
    const buffer = await readFile(path.join(iconsDir, path.basename(icon.src)));
    assert.equal(pngSize(buffer), icon.sizes, icon.src);
    assert.equal(icon.type, 'image/png');
  }
  assert.equal(pngSize(await readFile(path.join(iconsDir, path.basename(APP_ICONS.appleTouch)))), '180x180');
  for (const src of Object.values(APP_ICONS)) {
    const buffer = await readFile(path.join(iconsDir, path.basename(src)));
    assert.ok(buffer.length < 30 * 1024, `${src}: ${buffer.length} bytes`);
  }
});

test('the maskable icon fills its square to the edges (no transparent corner a mask would show)', async () => {
  const { inflateSync } = await import('node:zlib');
  const buffer = await readFile(path.join(iconsDir, path.basename(APP_ICONS.maskable512)));
  // IHDR: 8-bit RGBA (colour type 6) or RGB (2).
  const colorType = buffer[25];
  assert.ok(colorType === 6 || colorType === 2);
  const chunks = [];
  for (let offset = 8; offset < buffer.length;) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.subarray(offset + 4, offset + 8).toString('latin1');
    if (type === 'IDAT') chunks.push(buffer.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  // Every filter leaves the first pixel of the first row as it is (nothing to its left or above).
  const corner = [...raw.subarray(1, colorType === 6 ? 5 : 4)];
  assert.deepEqual(corner.slice(0, 3), [0x25, 0x63, 0xeb], 'the corner is the theme blue');
  if (colorType === 6) assert.equal(corner[3], 255, 'the corner pixel is opaque');
});
