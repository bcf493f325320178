const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_host',
  role: 'host',
  devPort: 3000,
  title: 'Cloudclip',
  gatewayFiles: { 'route-map.json': require('node:path').join(__dirname, 'src/app/route-map.json') },
});
