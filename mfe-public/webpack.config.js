const path = require('node:path');
const { createRequire } = require('node:module');
const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

const base = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_public',
  role: 'remote',
  exposes: { './spa': './src/spa.tsx' },
  devPort: 3001,
  title: 'Cloudclip public',
});

/**
 * bytemd's package entry is one bundled module that imports CodeMirror, so even `getProcessor`
 * alone would drag the editor into the paste view. Its unbundled source exposes the same
 * `getProcessor` (same sanitize schema, same plugin order) without the editor: the viewer uses it.
 */
const bytemdProcessor = path.join(path.dirname(require.resolve('bytemd')), '../svelte/utils.js');

/**
 * @bytemd/plugin-highlight lazy-loads all of highlight.js (~190 languages); the common subset
 * (~40 languages) is a fraction of the size and covers what people paste.
 */
const highlightCommon = createRequire(require.resolve('@bytemd/plugin-highlight')).resolve('highlight.js/lib/common');

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.resolve = {
    ...config.resolve,
    alias: {
      ...(config.resolve && config.resolve.alias),
      'cloudclip-bytemd-processor$': bytemdProcessor,
      'highlight.js$': highlightCommon,
    },
  };
  return config;
};
