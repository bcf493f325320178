// A remote's configuration is createAppConfig's with the remote defaults: node --test shared-kernel/build/
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { createAppConfig, createRemoteConfig } = require('./webpack-app.cjs');

/** The settings that can be compared as data (the federation plugin's options, output, page chunks). */
function comparable(config) {
  const plugin = (name) => config.plugins.find((p) => p.constructor.name === name);
  const federation = plugin('ModuleFederationPlugin');
  const pages = plugin('PageChunksPlugin');
  return {
    output: config.output,
    devServer: config.devServer,
    federation: JSON.stringify(federation._options),
    pages: pages ? { pages: pages.pages, firstScreen: pages.firstScreen } : null,
  };
}

it('createRemoteConfig exposes ./spa and declares src/first-screen.tsx, as a remote of createAppConfig', () => {
  const own = {
    dirname: path.join(root, 'mfe-upload'),
    containerName: 'cloudclip_upload',
    devPort: 3002,
    title: 'Upload',
    pageChunks: { '^/upload/?$': [] },
  };
  const defaults = { role: 'remote', exposes: { './spa': './src/spa.tsx' }, firstScreen: './src/first-screen.tsx' };
  const argv = { mode: 'production' };
  const remote = createRemoteConfig(own)({}, argv);
  const app = createAppConfig({ ...own, ...defaults })({}, argv);
  assert.deepEqual(comparable(remote), comparable(app));
  assert.match(comparable(remote).federation, /"\.\/spa":"\.\/src\/spa\.tsx"/);
  assert.equal(comparable(remote).pages?.firstScreen.module, './src/first-screen.tsx');
  assert.equal(remote.output.publicPath, 'auto');
});
