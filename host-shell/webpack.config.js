const fs = require('node:fs');
const path = require('node:path');
const { createAppConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

const appConfig = createAppConfig({
  dirname: __dirname,
  containerName: 'cloudclip_host',
  role: 'host',
  devPort: 3000,
  title: 'Cloudclip',
  gatewayFiles: {
    'route-map.json': path.join(__dirname, 'src/app/route-map.json'),
    // The installed app's icons (web app manifest, Apple touch icon), drawn by scripts/make-icons.mjs.
    ...Object.fromEntries(
      fs.readdirSync(path.join(__dirname, 'public/icons')).map((file) => [`icons/${file}`, path.join(__dirname, 'public/icons', file)]),
    ),
  },
});

/** The service worker's files in dist: the app build's clean must leave them alone. */
const SERVICE_WORKER_FILES = /^sw\.js(?:\.map)?$/;

/**
 * The service worker (dist/sw.js, served by the gateway at /sw.js): one script, no Module
 * Federation, no chunks, built beside the app into the same folder.
 */
function serviceWorkerConfig(_env, argv) {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  return {
    name: 'service-worker',
    mode,
    context: __dirname,
    target: 'webworker',
    entry: { sw: './src/service-worker/sw.ts' },
    devtool: mode === 'development' ? false : 'source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      filename: 'sw.js',
      publicPath: '/',
      uniqueName: 'cloudclip_service_worker',
      clean: false,
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]s$/,
          exclude: /node_modules/,
          use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } } },
        },
      ],
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = (env, argv) => {
  const app = appConfig(env, argv);
  app.name = 'app';
  app.output.clean = { keep: (file) => SERVICE_WORKER_FILES.test(file) };
  return [app, serviceWorkerConfig(env, argv)];
};
