// Small but real build outputs (a host and remotes with mf-manifest.json) for the deploy tests.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export const KERNEL = '@cloudclip/shared-kernel';
const HOST_SHARED = { react: '18.3.1', 'react-dom': '18.3.1', rxjs: '7.8.2' };

/**
 * Writes a remote build into `dir`; `shared` maps module → required range; `marker` ends up in its
 * entry. `kernel` is the kernel version it was built against: like shared-kernel/build/mf-shared.cjs,
 * the build then provides exactly that version and requires ^ of it.
 */
export async function writeRemoteBuild(
  dir,
  { container = 'cloudclip_public', kernel = '0.1.0', shared = { react: '18.3.1', [KERNEL]: `^${kernel}` }, marker = 'v1' } = {},
) {
  await mkdir(dir, { recursive: true });
  const manifest = {
    id: container,
    name: container,
    metaData: { name: container, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: Object.entries(shared).map(([name, requiredVersion]) => ({
      name,
      requiredVersion,
      version: requiredVersion.replace(/^[\^~]/, ''),
      singleton: true,
    })),
    remotes: [],
    exposes: [{ name: 'spa', path: './spa', assets: { js: { sync: ['12.abcdef12.js'], async: [] }, css: { sync: [], async: [] } } }],
  };
  // The remote's own copies of its shared modules (used when the host provides none).
  for (const [index, entry] of manifest.shared.entries()) {
    entry.assets = { js: { sync: [`${90 + index}.abcdef12.js`], async: [] }, css: { sync: [], async: [] } };
    await writeFile(path.join(dir, `${90 + index}.abcdef12.js`), `/* ${entry.name} */`);
  }
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'remoteEntry.js'), `var ${container} = { marker: ${JSON.stringify(marker)} };`);
  const chunk = `console.log(${JSON.stringify(marker)});`.repeat(100);
  await writeFile(path.join(dir, '12.abcdef12.js'), chunk);
  // The build's Brotli copy (shared-kernel/build/webpack-app.cjs, PrecompressPlugin).
  await writeFile(path.join(dir, '12.abcdef12.js.br'), brotliCompressSync(Buffer.from(chunk)));
  await writeFile(path.join(dir, '12.abcdef12.js.map'), '{}');
  // The lazy chunks of its pages (shared-kernel/build/webpack-app.cjs, PageChunksPlugin).
  const pages = [
    {
      pattern: '^/$',
      chunks: ['page-home'],
      scripts: ['55.abcdef12.js', 'page-home.abcdef12.js'],
      // shared-kernel/build/first-screen.cjs
      firstScreen: {
        css: '.cp-page-head{display:flex}',
        variants: [
          { lang: 'zh-CN', html: `<h1>编辑器 ${marker}</h1>` },
          { lang: 'en-US', html: `<h1>Editor ${marker}</h1>` },
        ],
      },
    },
    { pattern: '^/paste/(?<slug>[^/]+)/?$', chunks: ['page-paste'], scripts: ['page-paste.abcdef12.js'], requests: ['/paste/{slug}'] },
  ];
  await writeFile(path.join(dir, 'page-chunks.json'), JSON.stringify({ pages }));
  for (const file of new Set(pages.flatMap((page) => page.scripts))) await writeFile(path.join(dir, file), `/* ${file} */`);
}

/**
 * Writes a host build: index.html with an inline start-up script, main.js and its manifest.
 * `kernel` is the kernel version it was built with (and so provides).
 */
export async function writeHostBuild(dir, { marker = 'host-v1', kernel = '0.1.0', provides = { ...HOST_SHARED, [KERNEL]: kernel } } = {}) {
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>${marker}</title><script src="/config.js"></script><script>document.documentElement.dataset.theme='light';</script></head><body><div id="root"></div><div id=cc-first-screen class=cc-first-screen></div><script defer src="/main.js"></script></body></html>`,
  );
  await writeFile(path.join(dir, 'main.js'), `console.log(${JSON.stringify(marker)});`.repeat(200));
  await writeFile(path.join(dir, '561.abcdef12.js'), 'console.log("chunk");');
  const manifest = {
    id: 'cloudclip_host',
    name: 'cloudclip_host',
    metaData: { name: 'cloudclip_host', remoteEntry: { name: '', path: '', type: 'global' }, publicPath: '/' },
    shared: Object.entries(provides).map(([name, version], index) => ({
      name,
      version,
      requiredVersion: `^${version}`,
      singleton: true,
      assets: { js: { sync: [`${70 + index}.abcdef12.js`], async: [] }, css: { sync: [], async: [] } },
    })),
    remotes: [],
    exposes: [],
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  for (const entry of manifest.shared) await writeFile(path.join(dir, entry.assets.js.sync[0]), `/* ${entry.name} */`);
  // What the host build writes for the gateway (shared-kernel/build/webpack-app.cjs).
  await writeFile(path.join(dir, 'boot-assets.json'), JSON.stringify({ scripts: ['561.abcdef12.js'] }));
  await writeFile(
    path.join(dir, 'route-map.json'),
    JSON.stringify({
      routes: [
        { pattern: '^/$', remote: 'cloudclip_public' },
        { pattern: '^/paste/[^/]+/?$', remote: 'cloudclip_public' },
        { pattern: '^/upload/?$', remote: 'cloudclip_upload' },
      ],
    }),
  );
}
