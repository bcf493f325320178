const { createRemoteConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

module.exports = createRemoteConfig({
  dirname: __dirname,
  containerName: 'cloudclip_admin',
  devPort: 3003,
  title: 'Cloudclip admin',
  // What `/admin` renders first for a visitor without a session (src/app/admin-root.tsx): the login
  // page. The panel's chunks load after signing in. The gateway preloads these with the host. The
  // login page's heading paints with the boot page (src/first-screen.tsx).
  pageChunks: { '^/admin(?:/[^/]+)?/?$': ['page-login'] },
});
