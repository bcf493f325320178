const { createRemoteConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createRemoteConfig({
  dirname: __dirname,
  containerName: 'cloudclip_upload',
  devPort: 3002,
  title: 'Cloudclip upload',
  // One page, in the remote's main chunk; its top paints with the boot page (src/first-screen.tsx).
  pageChunks: { '^/upload/?$': [] },
});
