const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_host',
  role: 'host',
  devPort: 3000,
  title: 'Cloudclip',
  gatewayFiles: {
    'route-map.json': require('node:path').join(__dirname, 'src/app/route-map.json'),
    // The installed app's icons (scripts/make-icons.mjs): dist/icons/<file>, served by the gateway from the pinned host.
    ...Object.fromEntries(
      require('node:fs')
        .readdirSync(require('node:path').join(__dirname, 'public/icons'))
        .map((file) => [`icons/${file}`, require('node:path').join(__dirname, 'public/icons', file)]),
    ),
  },
});
