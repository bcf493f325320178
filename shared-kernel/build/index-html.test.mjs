// The index.html every app build writes (shared-kernel/build/index-html.cjs).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';

const require = createRequire(import.meta.url);
const { renderIndexHtml } = require('./index-html.cjs');

test("the host's page has the runtime config, the start-up header and its styles", () => {
  const html = renderIndexHtml({ title: 'Cloudclip', isHost: true });
  assert.match(html, /<title>Cloudclip<\/title>/);
  assert.match(html, /<script src="\/config\.js"><\/script>/);
  assert.match(html, /<div id="root"><div class="cc-boot" aria-hidden="true">/);
  assert.match(html, /\.cc-boot__bar \{/);
  assert.doesNotMatch(html, /<!--\/?host-->|\{\{|<%/);
});

test("the host's page has the theme's variables, an empty place for the gateway's first screen, and the session mark its CSS reads", () => {
  const html = renderIndexHtml({ title: 'Cloudclip', isHost: true, themeCss: ':root{--cc-bg:#f6f7f9}' });
  assert.match(html, /<style>:root\{--cc-bg:#f6f7f9\}<\/style>/);
  assert.match(html, /<\/div><div id="cc-first-screen" class="cc-first-screen"><\/div>\s*<\/body>/);
  assert.match(html, /dataset\.session = signedIn \? 'signed-in' : 'signed-out'/);
  assert.match(html, /html\[data-session='signed-in'\] \.cc-first-screen \[data-session='signed-out'\]/);
  const remote = renderIndexHtml({ title: 'Cloudclip · Upload', isHost: false });
  assert.doesNotMatch(remote, /cc-first-screen/);
});

test("a remote's standalone page has none of the host's parts, but the theme script", () => {
  const html = renderIndexHtml({ title: 'Cloudclip · Upload', isHost: false });
  assert.match(html, /<title>Cloudclip · Upload<\/title>/);
  assert.doesNotMatch(html, /config\.js|cc-boot/);
  assert.match(html, /<div id="root"><\/div>/);
  assert.match(html, /localStorage\.getItem\('themeMode'\)/);
  assert.doesNotMatch(html, /<!--\/?host-->|\{\{|<%/);
});

test('the title is text, not markup', () => {
  const html = renderIndexHtml({ title: 'A <b>"bold"</b> & co', isHost: false });
  assert.match(html, /<title>A &lt;b&gt;&quot;bold&quot;&lt;\/b&gt; &amp; co<\/title>/);
});
