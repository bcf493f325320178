const path = require('node:path');
const { createRemoteConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

const base = createRemoteConfig({
  dirname: __dirname,
  containerName: 'cloudclip_explorer',
  devPort: 3004,
  title: 'Cloudclip mount explorer',
  // One page, in the remote's main chunk; its top paints with the boot page (src/first-screen.tsx).
  pageChunks: { '^/mount-explorer/?$': [] },
});

/**
 * bytemd's package entry bundles the editor (CodeMirror); its unbundled source exposes the same
 * `getProcessor` (same sanitize schema) without it. Only the lazily loaded Markdown preview uses it.
 */
const bytemdProcessor = path.join(path.dirname(require.resolve('bytemd')), '../svelte/utils.js');

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.resolve = {
    ...config.resolve,
    alias: { ...(config.resolve && config.resolve.alias), 'cloudclip-bytemd-processor$': bytemdProcessor },
  };
  return config;
};
