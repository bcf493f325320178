const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_admin',
  role: 'remote',
  exposes: { './spa': './src/spa.tsx' },
  devPort: 3003,
  title: 'Cloudclip admin',
});
