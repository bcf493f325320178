// @ts-check
/**
 * One webpack configuration factory for the host and every remote, so loaders, output naming,
 * federation settings and the shared list are the same everywhere.
 */
const path = require('node:path');
const { createRequire } = require('node:module');
const { sharedDependencies } = require('./mf-shared.cjs');
const { renderIndexHtml } = require('./index-html.cjs');
const { renderFirstScreens, themeVariablesCss } = require('./first-screen.cjs');

/**
 * @param {object} options
 * @param {string} options.dirname the app's folder
 * @param {string} options.containerName unique snake_case container name, e.g. cloudclip_public
 * @param {'host' | 'remote'} options.role
 * @param {Record<string, string>} [options.exposes] remote entry files (kebab-case keys)
 * @param {string[]} [options.runtimePlugins] files of federation runtime plugins (host)
 * @param {number} options.devPort
 * @param {string} options.title page title of the standalone page
 * @param {Record<string, string>} [options.gatewayFiles] host: files copied into dist for the gateway (dist name → source path)
 * @param {Record<string, string[] | { chunks: string[], requests?: string[] }>} [options.pageChunks] remote:
 *   page address pattern (a RegExp source, matched against the path) → the `webpackChunkName`s of
 *   the lazy chunks that page renders first, and the API GETs it starts with (PageChunksPlugin)
 * @param {string} [options.firstScreen] remote: the module (relative to `dirname`) declaring the
 *   first screens of its pages (shared-kernel/build/first-screen.cjs), written into page-chunks.json
 */
/**
 * Host only: writes `boot-assets.json`, the scripts the host needs before it can render anything
 * (the chunks of `import('./bootstrap')`), next to `index.html`, and copies the files the gateway
 * reads (the route map). The gateway turns them, with the host's shared modules from
 * `mf-manifest.json`, into preload hints in the page, so they download with main.js, not after it.
 */
class BootAssetsPlugin {
  /**
   * @param {any} webpack
   * @param {Record<string, string>} files more files for the gateway, copied as they are: dist name → source path
   */
  constructor(webpack, files) {
    this.webpack = webpack;
    this.files = files;
  }

  /** @param {any} compiler */
  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    compiler.hooks.thisCompilation.tap('CloudclipBootAssets', (/** @type {any} */ compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CloudclipBootAssets', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        /** @type {Set<string>} */
        const scripts = new Set();
        for (const group of compilation.chunkGroups) {
          if (!group.origins.some((/** @type {{ request?: string }} */ origin) => origin.request === './bootstrap')) continue;
          for (const file of group.getFiles()) if (file.endsWith('.js')) scripts.add(file);
        }
        compilation.emitAsset('boot-assets.json', new sources.RawSource(`${JSON.stringify({ scripts: [...scripts].sort() }, null, 2)}\n`));
        for (const [name, file] of Object.entries(this.files)) {
          compilation.emitAsset(name, new sources.RawSource(require('node:fs').readFileSync(file)));
        }
      });
    });
  }
}

/**
 * Remote only: writes `page-chunks.json`, what each page of the remote needs first
 * (`options.pageChunks`: address pattern → webpackChunkNames, or `{ chunks, requests }`):
 * - `scripts`: the files of the page's lazily loaded chunks, with every chunk those chunk groups
 *   need. The gateway adds them to the preload hints of a page address, so the page's own code
 *   downloads with the host instead of after the remote has started. A chunk name that the build
 *   does not produce fails the build: the map cannot silently go stale when a lazy import is renamed.
 * - `requests`: the API GETs (paths under /api, `{group}` filled from the pattern's named groups)
 *   the page starts with, exactly as its code sends them; the gateway's boot page starts them
 *   before any script runs (deploy/gateway/early-requests.mjs).
 * - `firstScreen`: the page's first screen (`variants` by language and session, and its `css`),
 *   rendered from the remote's first-screen module; the gateway paints it with the HTML. A first
 *   screen for a pattern that is not a page fails the build.
 */
class PageChunksPlugin {
  /**
   * @param {any} webpack
   * @param {Record<string, string[] | { chunks: string[], requests?: string[] }>} pages
   * @param {{ dirname: string, module?: string }} firstScreen
   */
  constructor(webpack, pages, firstScreen) {
    this.webpack = webpack;
    this.pages = pages;
    this.firstScreen = firstScreen;
  }

  /** @param {any} compiler */
  apply(compiler) {
    const { Compilation, sources, WebpackError } = this.webpack;
    compiler.hooks.thisCompilation.tap('CloudclipPageChunks', (/** @type {any} */ compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CloudclipPageChunks', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const pages = [];
        /** @type {Map<string, unknown>} */
        let firstScreens = new Map();
        if (this.firstScreen.module) {
          try {
            firstScreens = renderFirstScreens(this.firstScreen.dirname, this.firstScreen.module);
          } catch (error) {
            compilation.errors.push(new WebpackError(`first-screen: ${error instanceof Error ? error.stack : String(error)}`));
          }
          for (const pattern of firstScreens.keys()) {
            if (!(pattern in this.pages)) compilation.errors.push(new WebpackError(`first-screen: ${pattern} is not a page of pageChunks`));
          }
        }
        for (const [pattern, declared] of Object.entries(this.pages)) {
          const names = Array.isArray(declared) ? declared : declared.chunks;
          const requests = Array.isArray(declared) ? [] : (declared.requests ?? []);
          /** @type {Set<string>} */
          const scripts = new Set();
          for (const name of names) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) {
              compilation.errors.push(
                new WebpackError(
                  `page-chunks: no chunk named "${name}" (pattern ${pattern}); check the webpackChunkName of the page's lazy import`,
                ),
              );
              continue;
            }
            for (const file of group.getFiles()) if (file.endsWith('.js')) scripts.add(file);
          }
          const firstScreen = firstScreens.get(pattern);
          pages.push({
            pattern,
            chunks: names,
            scripts: [...scripts].sort(),
            ...(requests.length ? { requests } : {}),
            ...(firstScreen ? { firstScreen } : {}),
          });
        }
        compilation.emitAsset('page-chunks.json', new sources.RawSource(`${JSON.stringify({ pages }, null, 2)}\n`));
      });
    });
  }
}

/** Host: the chunks its shared libraries are grouped into (name → packages). */
const SHARED_LIBRARY_CHUNKS = {
  react: ['react', 'react-dom', 'scheduler'],
  i18n: ['i18next', 'react-i18next', 'html-parse-stringify', 'void-elements', 'use-sync-external-store'],
  'single-spa': ['single-spa', 'single-spa-react'],
};

function sharedLibraryGroups() {
  return Object.fromEntries(
    Object.entries(SHARED_LIBRARY_CHUNKS).map(([name, packages]) => [
      name,
      {
        // pnpm's store path: node_modules/.pnpm/<name>@<version>/node_modules/<name>/…
        test: new RegExp(`[\\\\/]node_modules[\\\\/]\\.pnpm[\\\\/](?:${packages.join('|')})@`),
        name,
        chunks: 'async',
        enforce: true,
        priority: 20,
      },
    ]),
  );
}

/**
 * Production builds: a Brotli copy (`<file>.br`, best quality) of every script (.js, .mjs: pdf.js's
 * worker), stylesheet, JSON, SVG, WebAssembly module (the archive viewer's libarchive) and pdf.js
 * character map of the build over 1 KB, next to the file. The gateway sends it as is to browsers that
 * accept `br` (deploy/gateway/server.mjs), instead of compressing on every request at the fast
 * quality a server can afford per request: about 17 % fewer bytes on the wire and no compression
 * work per request. Subresource-integrity digests are of the files themselves (browsers check the
 * decoded body), so they do not change.
 */
class PrecompressPlugin {
  /** @param {any} webpack */
  constructor(webpack) {
    this.webpack = webpack;
  }

  /** @param {any} compiler */
  apply(compiler) {
    const { Compilation, sources } = this.webpack;
    const zlib = require('node:zlib');
    const { promisify } = require('node:util');
    const brotli = promisify(zlib.brotliCompress);
    compiler.hooks.thisCompilation.tap('CloudclipPrecompress', (/** @type {any} */ compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After every other asset (boot-assets.json, page-chunks.json, the manifest) is written.
        { name: 'CloudclipPrecompress', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 },
        async () => {
          const names = compilation.getAssets().map((/** @type {{ name: string }} */ asset) => asset.name);
          await Promise.all(
            names
              .filter((/** @type {string} */ name) => /\.(?:m?js|css|json|svg|wasm|bcmap)$/.test(name))
              .map(async (/** @type {string} */ name) => {
                const buffer = compilation.getAsset(name).source.buffer();
                if (buffer.length < 1024) return;
                const compressed = await brotli(buffer, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                  },
                });
                compilation.emitAsset(`${name}.br`, new sources.RawSource(compressed));
              }),
          );
        },
      );
    });
  }
}

/**
 * The federation runtime's packages ship a CommonJS and an ES-module build. The host's bundler
 * runtime imports the ES modules, while the plugin that hands the runtime to the remotes
 * (`provideExternalRuntime`) `require`s the CommonJS ones, so webpack bundled both: two copies of
 * `@module-federation/runtime-core` and its `sdk` in main.js (176 KB), parsed and compiled before the
 * shell can render. Aliasing each package to its ES-module entry leaves one copy, used by both.
 *
 * @param {NodeJS.Require} appRequire
 * @returns {Record<string, string>} package name (exact match) → its ES-module entry file
 */
function federationRuntimeAliases(appRequire) {
  const fs = require('node:fs');
  const enhanced = createRequire(appRequire.resolve('@module-federation/enhanced/webpack'));
  const runtimeTools = createRequire(enhanced.resolve('@module-federation/runtime-tools'));
  const runtimeCore = runtimeTools.resolve('@module-federation/runtime-core');
  const sdk = createRequire(runtimeCore).resolve('@module-federation/sdk');
  /** @type {Record<string, string>} */
  const aliases = {};
  for (const [name, resolved] of [
    ['@module-federation/runtime-core', runtimeCore],
    ['@module-federation/sdk', sdk],
  ]) {
    let folder = path.dirname(resolved);
    while (!fs.existsSync(path.join(folder, 'package.json'))) folder = path.dirname(folder);
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const entry = manifest.exports?.['.']?.import?.default ?? manifest.module;
    if (typeof entry !== 'string') throw new Error(`${name}: no ES-module entry in ${folder}/package.json`);
    aliases[`${name}$`] = path.join(folder, entry);
  }
  return aliases;
}

function createAppConfig(options) {
  const appRequire = createRequire(path.join(options.dirname, 'package.json'));
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = appRequire('html-webpack-plugin');
  const webpack = appRequire('webpack');
  const appPackage = appRequire('./package.json');
  const isHost = options.role === 'host';

  return (/** @type {any} */ _env, /** @type {{ mode?: string }} */ argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    return {
      mode,
      context: options.dirname,
      entry: { main: './src/index.ts' },
      devtool: mode === 'development' ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(options.dirname, 'dist'),
        // The federation runtime cannot use [contenthash] in the entry file name; the served path carries the version.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: options.containerName,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'], alias: federationRuntimeAliases(appRequire) },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: mode === 'development' } },
                  target: 'es2020',
                },
              },
            },
          },
          // ES-module packages (pdf.js, zip.js, …) import each other without file extensions.
          { test: /\.m?js$/, include: /node_modules/, resolve: { fullySpecified: false } },
          {
            test: /\.css$/,
            // A production build leaves the stylesheets' source maps out of the scripts: css-loader
            // would otherwise write each stylesheet into the page's JavaScript twice (the rules, and
            // the map with the whole source again), about half of a stylesheet's bytes on every load.
            use: ['style-loader', { loader: 'css-loader', options: { sourceMap: mode === 'development' } }],
          },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
          // A viewer's worker script, .wasm or data file taken by address (`new URL('pkg/file',
          // import.meta.url)`): copied as it is (webpack's url dependencies are asset/resource), never
          // made a worker chunk (it would carry the federation runtime, which cannot run in a
          // worker). Under viewers/, with its own name (readable in the network panel and the
          // bench) and a content hash.
          {
            dependency: 'url',
            oneOf: [
              // A stylesheet's inline icon (data: URI) stays inline, as webpack's default rule has it.
              { scheme: /^data$/, type: 'asset/inline' },
              // Images and fonts as the rule above.
              { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
              { type: 'asset/resource', generator: { filename: 'viewers/[name].[contenthash:8][ext]' } },
            ],
          },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({
          'process.env.CLOUDCLIP_BUILD_TARGET': JSON.stringify(process.env.CLOUDCLIP_BUILD_TARGET ?? 'standard'),
          'process.env.CLOUDCLIP_APP_VERSION': JSON.stringify(appPackage.version),
        }),
        new ModuleFederationPlugin({
          name: options.containerName,
          filename: 'remoteEntry.js',
          exposes: options.exposes ?? {},
          shared: sharedDependencies(appPackage),
          shareStrategy: 'loaded-first',
          runtimePlugins: options.runtimePlugins ?? [],
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // One federation runtime per page: the host provides it, remotes use it instead of
          // carrying their own copy in every remoteEntry.js.
          // `target: 'web'` leaves the runtime's Node.js code paths out of the browser bundles.
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { target: 'web' },
          },
        }),
        ...(isHost ? [new BootAssetsPlugin(webpack, options.gatewayFiles ?? {})] : []),
        ...(!isHost && options.pageChunks
          ? [new PageChunksPlugin(webpack, options.pageChunks, { dirname: options.dirname, module: options.firstScreen })]
          : []),
        ...(mode === 'production' ? [new PrecompressPlugin(webpack)] : []),
        new HtmlWebpackPlugin({
          templateContent: renderIndexHtml({ title: options.title, isHost, themeCss: isHost ? themeVariablesCss(options.dirname) : '' }),
          inject: 'body',
          scriptLoading: 'defer',
          chunks: ['main'],
        }),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        // The host provides the libraries every remote uses as shared modules, each a chunk of its
        // own by default (React alone: react, react/jsx-runtime twice, react-dom, react-dom/client,
        // scheduler). Every page needs all of them before it renders: grouped, they are three
        // requests instead of eleven (each one a round trip on a slow network).
        ...(isHost ? { splitChunks: { cacheGroups: sharedLibraryGroups() } } : {}),
      },
      devServer: {
        port: options.devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
      },
      stats: 'errors-warnings',
    };
  };
}

/**
 * A remote's configuration: `createAppConfig` with what every remote has alike, its single-spa
 * lifecycles exposed as `./spa` (src/spa.tsx) and its first screens declared in src/first-screen.tsx.
 * @param {Omit<Parameters<typeof createAppConfig>[0], 'role'>} options the remote's own settings
 */
function createRemoteConfig(options) {
  return createAppConfig({ role: 'remote', exposes: { './spa': './src/spa.tsx' }, firstScreen: './src/first-screen.tsx', ...options });
}

module.exports = { createAppConfig, createRemoteConfig };
