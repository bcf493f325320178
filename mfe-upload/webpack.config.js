const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_upload',
  role: 'remote',
  exposes: { './spa': './src/spa.tsx' },
  devPort: 3002,
  title: 'Cloudclip upload',
  // One page, in the remote's main chunk; its top paints with the boot page (src/first-screen.tsx).
  pageChunks: { '^/upload/?$': [] },
  firstScreen: './src/first-screen.tsx',
});
