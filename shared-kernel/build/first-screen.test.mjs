// The first screens rendered at build time (shared-kernel/build/first-screen.cjs) from the remotes'
// own components and texts.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const require = createRequire(import.meta.url);
const { renderFirstScreens, themeVariablesCss, compactCss } = require('./first-screen.cjs');

test('the upload page: a login notice for visitors without a credential, the heading for the others, in both languages', () => {
  const screens = renderFirstScreens(path.join(repoRoot, 'mfe-upload'), 'src/first-screen.tsx');
  assert.deepEqual([...screens.keys()], ['^/upload/?$']);
  const { variants, css } = screens.get('^/upload/?$');
  const variant = (lang, session) => variants.find((item) => item.lang === lang && item.session === session)?.html ?? '';
  assert.match(variant('en-US', 'signed-out'), /<h1>File upload<\/h1>.*Log in to upload/);
  assert.match(variant('zh-CN', 'signed-out'), /<h1>文件上传<\/h1>.*登录后才能上传/);
  assert.match(variant('en-US', 'signed-in'), /<h1>File upload<\/h1>/);
  assert.doesNotMatch(variant('en-US', 'signed-in'), /Log in/);
  // The copy is only shown: no ids or test ids for a label or a test to find twice; controls out of the tab order.
  for (const { html } of variants) {
    assert.doesNotMatch(html, /\s(?:id|data-testid|aria-labelledby|for)=/);
    for (const control of html.match(/<button\b[^>]*>/g) ?? []) assert.match(control, /tabindex="-1"/);
  }
  // The kernel's base classes and the remote's own layout, folded.
  assert.match(css, /\.cc-card\{/);
  assert.match(css, /\.cu-page-head h1\{/);
  assert.match(css, /\.cc-app :where\(/, 'a descendant combinator stays one');
  assert.doesNotMatch(css, /\/\*|\n/);
});

test("a stylesheet's relative @imports are written in: an inline <style> has no folder to import from", () => {
  const screens = renderFirstScreens(path.join(repoRoot, 'mfe-explorer'), 'src/first-screen.tsx');
  const { css, variants } = screens.get('^/mount-explorer/?$');
  assert.doesNotMatch(css, /@import/);
  assert.match(css, /\.ce-page__title\{/);
  assert.match(variants.find((item) => item.lang === 'en-US' && item.session === 'signed-out').html, /<a tabindex="-1" class="cc-button/);
});

test('the theme variables are the kernel tokens, light on :root and dark under data-theme="dark"', () => {
  const css = themeVariablesCss(path.join(repoRoot, 'host-shell'));
  assert.match(css, /^:root\{[^}]*--cc-bg:#f6f7f9[^}]*\}html\[data-theme='dark'\]\{[^}]*--cc-bg:#0d1117/);
  assert.match(css, /--cc-font:/);
});

test('compactCss keeps rules and drops comments and white space', () => {
  assert.equal(compactCss('/* a */\n.a  >  b {\n  color: red ;\n}\n.c :is(d) { top: 0 }'), '.a>b{color: red}.c :is(d){top: 0}');
});
