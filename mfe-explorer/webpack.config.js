const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_explorer',
  role: 'remote',
  exposes: { './spa': './src/spa.tsx' },
  devPort: 3004,
  title: 'Cloudclip mount explorer',
});
