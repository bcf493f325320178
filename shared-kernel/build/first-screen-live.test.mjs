// Live first screens (shared-kernel/build/first-screen.cjs): controls the visitor may use before the
// code arrives keep working; everything else in the copy stays display-only.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const require = createRequire(import.meta.url);
const { renderFirstScreens, displayOnlyMarkup } = require('./first-screen.cjs');

const form =
  '<form data-early-form="admin-login"><label>User <input data-early-field="admin-username" id="u" data-testid="user"/></label>' +
  '<button type="submit" tabindex="3">Sign in</button></form>';

test('a live screen keeps its controls in the tab order, without ids or test ids', () => {
  const html = displayOnlyMarkup(form, true);
  assert.doesNotMatch(html, /tabindex|\sid=|data-testid/);
  assert.match(html, /<input data-early-field="admin-username"\/>/);
  assert.match(html, /<button type="submit">Sign in<\/button>/);
});

test('outside a live screen only the controls inside a data-live subtree stay usable', () => {
  const html = displayOnlyMarkup(
    `<header><a href="/">Home</a><input type="search"/></header><section data-live="true">${form}<a href="/x">x</a></section><button>After</button>`,
  );
  assert.match(
    html,
    /<a tabindex="-1" href="\/">Home<\/a><input tabindex="-1" type="search"\/>/,
    'before the subtree, an input does not open one',
  );
  assert.match(html, /<input data-early-field="admin-username"\/>/);
  assert.match(html, /<button type="submit">Sign in<\/button><\/form><a href="\/x">x<\/a><\/section>/);
  assert.match(html, /<button tabindex="-1">After<\/button>$/, 'the subtree ends with its element');
});

/** A remote module in a temporary folder that resolves react from mfe-upload (one React instance). */
function fixtureModule(screens) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-first-screen-'));
  fs.symlinkSync(path.join(repoRoot, 'mfe-upload/node_modules'), path.join(dir, 'node_modules'), 'dir');
  const file = path.join(dir, 'first-screen.tsx');
  fs.writeFileSync(
    file,
    `export const namespace = 'fixture';
     export const resources = { 'zh-CN': {}, 'en-US': {} };
     export const styles = [];
     export const firstScreens = [${screens}];`,
  );
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

test('page-chunks carry live: true for a screen declared live or holding a data-live subtree, and nothing otherwise', (t) => {
  const { file, cleanup } = fixtureModule(`
    { pattern: '^/a$', live: true, render: () => <form data-early-form="a"><label>A <textarea data-early-field="a" /></label></form> },
    { pattern: '^/b$', render: () => <div><h1>B</h1><div data-live="">{<label>B <input data-early-field="b" /></label>}</div></div> },
    { pattern: '^/c$', render: () => <div><h1>C</h1><button>c</button></div> },`);
  t.after(cleanup);
  const screens = renderFirstScreens(path.join(repoRoot, 'mfe-upload'), file);
  assert.equal(screens.get('^/a$').live, true);
  assert.equal(screens.get('^/b$').live, true);
  assert.equal(screens.get('^/c$').live, undefined);
  for (const { html } of screens.get('^/a$').variants)
    assert.match(html, /^<form data-early-form="a"><label>A <textarea data-early-field="a"><\/textarea>/);
  for (const { html } of screens.get('^/c$').variants) assert.match(html, /<button tabindex="-1">c<\/button>/);
});
