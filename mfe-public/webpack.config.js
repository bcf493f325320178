const path = require('node:path');
const { createRequire } = require('node:module');
const { createRemoteConfig } = require('@cloudclip/shared-kernel/build/webpack-app.cjs');

const base = createRemoteConfig({
  dirname: __dirname,
  containerName: 'cloudclip_public',
  devPort: 3001,
  title: 'Cloudclip public',
  // The lazy page chunk each address renders (src/app/app.tsx); the gateway preloads it with the host.
  // The top of the pages every visitor sees alike is painted with the boot page (src/first-screen.tsx).
  // A share page's first request (preloadPage's earlyPasteLoad / earlyFileInfoLoad, sent exactly so:
  // GET, no credentials for a visitor) is started by the boot page itself; a paste view is counted per
  // request, and the kernel's client takes that response instead of asking again.
  pageChunks: {
    '^/$': ['page-editor'],
    // `?burn=ask`: a burn-after-reading paste is only announced until the reader opens it (kernel pastes.open).
    '^/paste/(?<slug>[^/]+)/?$': { chunks: ['page-paste'], requests: ['/paste/{slug}?burn=ask'] },
    '^/file/(?<slug>[^/]+)/?$': { chunks: ['page-file'], requests: ['/public/files/{slug}'] },
  },
});

/**
 * bytemd's package entry is one bundled module that imports CodeMirror, so even `getProcessor`
 * alone would drag the editor into the paste view. Its unbundled source exposes the same
 * `getProcessor` (same sanitize schema, same plugin order) without the editor: the viewer uses it.
 */
const bytemdProcessor = path.join(path.dirname(require.resolve('bytemd')), '../svelte/utils.js');

/**
 * The viewer's pipeline (bytemd's `getProcessor` above) gets src/lib/markdown/raw-html-on-demand.ts
 * in place of rehype-raw, which it then loads (as `cloudclip-rehype-raw`) only for documents that
 * may contain HTML. Only the import from that one file is swapped: the editor's bundled bytemd
 * keeps its own.
 */
const bytemdProcessorDir = path.dirname(bytemdProcessor);
const rehypeRaw = createRequire(bytemdProcessor).resolve('rehype-raw');
const rawHtmlOnDemand = path.join(__dirname, 'src/lib/markdown/raw-html-on-demand.ts');

/**
 * @bytemd/plugin-highlight lazy-loads all of highlight.js (~190 languages); the common subset
 * (~40 languages) is a fraction of the size and covers what people paste.
 */
const highlightCommon = createRequire(require.resolve('@bytemd/plugin-highlight')).resolve('highlight.js/lib/common');

/**
 * The Markdown worker (src/lib/markdown/markdown.worker.ts) is a second, plain compilation: a
 * `new Worker(new URL(…))` chunk of the remote's own build would carry the federation runtime,
 * which cannot run in a worker (it names its files with [contenthash] and expects the host's
 * runtime). It is one self-contained file (no further chunks to load, so it also starts from a
 * blob: script when the remote is served from another origin), next to remoteEntry.js under the
 * remote's versioned path, and only loaded when a view renders a large document. The page's DOM
 * effects (highlight.js, KaTeX, Mermaid) never run in the worker: their lazy imports are left out.
 */
const MARKDOWN_WORKER_FILE = 'markdown-worker.js';

function markdownWorkerConfig(config) {
  const webpack = require('webpack');
  return {
    name: 'markdown-worker',
    // After the remote's build: its `output.clean` empties dist/ first.
    dependencies: ['remote'],
    mode: config.mode,
    context: __dirname,
    target: 'webworker',
    devtool: config.devtool,
    entry: { 'markdown-worker': './src/lib/markdown/markdown.worker.ts' },
    output: {
      path: config.output.path,
      filename: MARKDOWN_WORKER_FILE,
      publicPath: '',
      uniqueName: 'cloudclip_public_markdown_worker',
      clean: false,
    },
    resolve: config.resolve,
    module: { rules: config.module.rules.filter((rule) => !String(rule.test).includes('css')) },
    plugins: [
      new webpack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(config.mode) }),
      new webpack.IgnorePlugin({ resourceRegExp: /^(?:highlight\.js|katex|mermaid)$/ }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    stats: 'errors-warnings',
  };
}

/**
 * The server's rendering of the share pages (src/server-render, design: dist/server/share-render.cjs)
 * is a third compilation: one CommonJS file for Node that the gateway loads from the pinned
 * version's files. It renders with the page's own components and the viewer's Markdown pipeline,
 * with the real rehype-raw loaded at once (no on-demand chunk on a server). The DOM effects
 * (highlight.js, KaTeX, Mermaid) only ever run in the browser: left out. Stylesheet imports are
 * ignored; the CSS the markup needs is exported as the string SHARE_RENDER_CSS: the kernel's base
 * classes and the share pages' stylesheets, compacted as the build's first screens are.
 */
const SHARE_RENDER_STYLES = [
  require.resolve('@cloudclip/shared-kernel/src/theme/base.css'),
  './src/styles/public.css',
  './src/lib/markdown/markdown.css',
  './src/lib/markdown/highlight.css',
  './src/features/paste-view/components/paste-page.css',
  './src/features/file-view/components/file-page.css',
];
/** A variant's wrapper takes no box of its own (its content lays out as the page's does); times wait for the reader's time zone (components/local-time.tsx). */
const SHARE_RENDER_EXTRA_CSS = '.cc-fs-variant{display:contents}.cc-first-screen [data-local-time]{visibility:hidden}';

function shareRenderCss() {
  const fs = require('node:fs');
  const { compactCss } = require('@cloudclip/shared-kernel/build/first-screen.cjs');
  const css = SHARE_RENDER_STYLES.map((file) => fs.readFileSync(path.resolve(__dirname, file), 'utf8')).join('\n');
  if (/@import/.test(css)) throw new Error('share-render: a stylesheet with @import needs its imports written in');
  return compactCss(css) + SHARE_RENDER_EXTRA_CSS;
}

function shareRenderConfig(config) {
  const webpack = require('webpack');
  return {
    name: 'share-render',
    // After the remote's build: its `output.clean` empties dist/ first.
    dependencies: ['remote'],
    mode: config.mode,
    context: __dirname,
    target: 'node',
    devtool: false,
    entry: { 'share-render': './src/server-render/index.ts' },
    output: {
      path: path.join(config.output.path, 'server'),
      filename: 'share-render.cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    resolve: config.resolve,
    module: { rules: config.module.rules.filter((rule) => !String(rule.test).includes('css')) },
    plugins: [
      new webpack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(config.mode),
        'process.env.CLOUDCLIP_SHARE_RENDER_CSS': JSON.stringify(shareRenderCss()),
        'process.env.CLOUDCLIP_MARKDOWN_WORKER': JSON.stringify(MARKDOWN_WORKER_FILE),
      }),
      new webpack.NormalModuleReplacementPlugin(/\.css$/, path.join(__dirname, 'src/server-render/no-styles.ts')),
      new webpack.IgnorePlugin({ resourceRegExp: /^(?:highlight\.js|katex|mermaid)$/ }),
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
    stats: 'errors-warnings',
  };
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.name = 'remote';
  config.resolve = {
    ...config.resolve,
    alias: {
      ...(config.resolve && config.resolve.alias),
      'cloudclip-bytemd-processor$': bytemdProcessor,
      'highlight.js$': highlightCommon,
      'cloudclip-rehype-raw$': rehypeRaw,
    },
  };
  config.plugins.push(
    new (require('webpack').NormalModuleReplacementPlugin)(/^rehype-raw$/, (resource) => {
      if (resource.context === bytemdProcessorDir) resource.request = rawHtmlOnDemand;
    }),
    new (require('webpack').DefinePlugin)({ 'process.env.CLOUDCLIP_MARKDOWN_WORKER': JSON.stringify(MARKDOWN_WORKER_FILE) }),
  );
  return [config, markdownWorkerConfig(config), shareRenderConfig(config)];
};
