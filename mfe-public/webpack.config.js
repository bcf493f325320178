const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_public',
  role: 'remote',
  exposes: { './spa': './src/spa.tsx' },
  devPort: 3001,
  title: 'Cloudclip public',
});
