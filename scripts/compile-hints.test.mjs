// V8's compile hint on the start-up scripts of a production build (CompileHintsPlugin in
// shared-kernel/build/webpack-app.cjs), checked on a real, small webpack build.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './lib.mjs';

const require = createRequire(import.meta.url);
const { CompileHintsPlugin, COMPILE_HINT } = require('../shared-kernel/build/webpack-app.cjs');
const hostRequire = createRequire(path.join(repoRoot, 'host-shell', 'package.json'));
const webpack = hostRequire('webpack');

/** Builds `files` (name → source) in production mode with the plugin; returns the output folder's files. */
async function build(files, pluginOptions) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry: { main: './index.js' },
    devtool: 'source-map',
    output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
    plugins: [new CompileHintsPlugin(webpack, pluginOptions)],
    stats: 'errors-warnings',
  });
  const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  assert.equal(stats.hasErrors(), false, stats.toString());
  const out = path.join(dir, 'dist');
  const read = (pattern) => {
    const name = readdirSync(out).find((file) => pattern.test(file) && file.endsWith('.js'));
    assert.ok(name, `no output file matches ${pattern}`);
    return { name, text: readFileSync(path.join(out, name), 'utf8'), map: JSON.parse(readFileSync(path.join(out, `${name}.map`), 'utf8')) };
  };
  return { read, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const HOST_FILES = {
  'index.js': "import(/* webpackChunkName: 'startup' */ './bootstrap');\n",
  'bootstrap.js': [
    "export function greet(name) { return 'hello ' + name; }",
    'document.title = greet(document.title);',
    "document.body.onclick = () => import(/* webpackChunkName: 'later' */ './later');",
    '',
  ].join('\n'),
  'later.js': "export const later = () => 'shown on a click';\n",
};

test("a host build: the chunks of import('./bootstrap') get the hint; the entry and later chunks do not", async () => {
  const { read, cleanup } = await build(HOST_FILES, { isHost: true, containerName: 'host', pageChunkNames: [] });
  try {
    const startup = read(/^startup\./);
    assert.ok(startup.text.startsWith(COMPILE_HINT), startup.text.slice(0, 80));
    // Once: the minifier left no other copy, and nothing else was prefixed.
    assert.equal(startup.text.split('allFunctionsCalledOnLoad').length, 2);
    assert.ok(!read(/^main\.js$/).text.startsWith(COMPILE_HINT));
    assert.ok(!read(/^later\./).text.startsWith(COMPILE_HINT));
    // The source map accounts for the added line: nothing maps to line 1, the code (line 2) maps
    // to bootstrap.js, as the unprefixed chunk's code (its line 1) does.
    const mapped = (mappings, line) => mappings.split(';')[line - 1] ?? '';
    assert.equal(startup.text.split('\n')[1].includes('hello '), true);
    assert.equal(mapped(startup.map.mappings, 1), '');
    assert.notEqual(mapped(startup.map.mappings, 2), '');
    assert.ok(startup.map.sources.some((source) => source.endsWith('bootstrap.js')));
    const later = read(/^later\./);
    assert.notEqual(mapped(later.map.mappings, 1), '');
  } finally {
    cleanup();
  }
});

test("a remote build: its pages' first chunks get the hint; its other lazy chunks do not", async () => {
  const files = {
    'index.js': [
      "export const page = () => import(/* webpackChunkName: 'page-paste' */ './page');",
      "export const dialog = () => import(/* webpackChunkName: 'dialog' */ './dialog');",
      '',
    ].join('\n'),
    'page.js': "export const render = (slug) => 'paste ' + slug;\n",
    'dialog.js': "export const open = () => 'a dialog';\n",
  };
  const { read, cleanup } = await build(files, { isHost: false, containerName: 'remote', pageChunkNames: ['page-paste'] });
  try {
    assert.ok(read(/^page-paste\./).text.startsWith(COMPILE_HINT));
    assert.ok(!read(/^dialog\./).text.startsWith(COMPILE_HINT));
  } finally {
    cleanup();
  }
});
