// The share pages' test bench: a fake api-server (pastes and files, views counted, an answer held
// back, a refused port), workspace builds of the host and mfe-public with and without a server
// renderer, and a gateway in front. Used by share-prerender.test.mjs and share-renderer.test.mjs.
import http from 'node:http';
import { mkdtemp, mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { buildGateway } from '../gateway/server.mjs';
import { FolderReleaseStore } from '../release-store/store.mjs';
import { writeHostBuild, writeRemoteBuild } from './fixtures.mjs';

/** A renderer without a plan (an older build): renders what it is given, logs each rendering. */
export const RENDERER = `
exports.SHARE_RENDER_CSS = '.cp-md-chunk{color:teal}</style><b>css</b>';
exports.renderShare = async function ({ kind, slug, status, body }) {
  require('node:fs').appendFileSync(process.env.CLOUDCLIP_TEST_RENDER_LOG, slug + '\\n');
  if (body.boom) throw new Error('boom');
  if (body.hang) return new Promise(() => {});
  if (body.spin) for (;;);
  if (status !== 200 || body.hasPassword || body.encrypted || body.burn) return null;
  const text = String(body.content || body.name || '').replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return { html: '<div data-server-rendered="' + kind + '" data-slug="' + slug + '"><div class="cp-md-chunk">' + text + '</div></div><script>alert("markup")</script>', complete: true };
};`;

/** A renderer with a plan (mfe-public's shareRenderPlan): one template for every reading of a text. */
export const PLANNED_RENDERER = `
exports.shareRenderPlan = function ({ kind, status, body }) {
  if (status !== 200 || body.hasPassword) return null;
  return { key: kind + ':' + body.slug + ':' + body.content, values: { views: String(body.views) } };
};
exports.renderShare = async function ({ kind, slug, status, body, slots }) {
  require('node:fs').appendFileSync(process.env.CLOUDCLIP_TEST_RENDER_LOG, 'planned:' + slug + '\\n');
  if (status !== 200 || body.hasPassword) return null;
  const token = 'slot-views-token';
  const views = slots ? token : String(body.views);
  const html = '<div data-server-rendered="' + kind + '" data-slug="' + slug + '"><p class="views">' + views + '</p><p>' + views + '</p></div>';
  return { html, complete: !body.partial, ...(slots ? { slots: { views: token } } : {}) };
};`;

export const PASTES = {
  plain: { slug: 'plain', content: '# Hello\n</script><script>alert(1)</script>', updatedAt: '2026-01-01T00:00:00Z' },
  locked: { slug: 'locked', hasPassword: true },
  burning: { slug: 'burning', burn: true },
  broken: { slug: 'broken', boom: true },
  hanging: { slug: 'hanging', hang: true },
  counted: { slug: 'counted', content: 'counted text', views: 0 },
  partial: { slug: 'partial', content: 'long', partial: true, views: 0 },
};

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

/** Writes a workspace (host + mfe-public) under `dir`; `renderer` is the remote's server/share-render.cjs, if any. */
async function writeWorkspace(dir, renderer) {
  await writeHostBuild(path.join(dir, 'host-shell/dist'));
  const routeMapFile = path.join(dir, 'host-shell/dist/route-map.json');
  const routeMap = JSON.parse(await readFile(routeMapFile, 'utf8'));
  routeMap.routes.push({ pattern: '^/file/[^/]+/?$', remote: 'cloudclip_public' });
  await writeFile(routeMapFile, JSON.stringify(routeMap));
  const remote = path.join(dir, 'mfe-public/dist');
  await writeRemoteBuild(remote);
  const pages = [
    { pattern: '^/$', scripts: [] },
    { pattern: '^/paste/(?<slug>[^/]+)/?$', scripts: [], requests: ['/paste/{slug}?burn=ask'] },
    { pattern: '^/file/(?<slug>[^/]+)/?$', scripts: [], requests: ['/public/files/{slug}'] },
  ];
  await writeFile(path.join(remote, 'page-chunks.json'), JSON.stringify({ pages }));
  if (renderer) {
    await mkdir(path.join(remote, 'server'), { recursive: true });
    await writeFile(path.join(remote, 'server/share-render.cjs'), renderer);
  }
}

/**
 * Starts the bench: `gateway` serves the workspace with RENDERER; `gatewayFor(workspace, options)`
 * another (under `root`: with-renderer, without-renderer, with-plan). `received`: the api-server's
 * requests ({ url, headers }); `held`: answers of `/api/paste/late…`, sent by calling them.
 */
export async function startSharePages() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-prerender-'));
  // Where the test renderer notes each rendering (it runs in worker threads).
  process.env.CLOUDCLIP_TEST_RENDER_LOG = path.join(root, 'renders.log');
  const received = [];
  const held = [];
  /** Views counted by the fake api-server, by slug. */
  const counted = new Map();
  function answerFor(req, res) {
    received.push({ url: req.url, headers: req.headers });
    const url = new URL(req.url, 'http://upstream');
    const paste = /^\/api\/paste\/([^/]+)$/.exec(url.pathname);
    const file = /^\/api\/public\/files\/([^/]+)$/.exec(url.pathname);
    const json = (status, value) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(value));
    if (paste?.[1] === 'late') return held.push(() => json(200, { slug: 'late', content: 'late text' }));
    if (paste && PASTES[paste[1]]) {
      if (!('views' in PASTES[paste[1]])) return json(200, PASTES[paste[1]]);
      const views = (counted.get(paste[1]) ?? 0) + 1;
      counted.set(paste[1], views);
      return json(200, { ...PASTES[paste[1]], views });
    }
    if (file) return json(200, { slug: file[1], name: 'report.pdf' });
    return json(404, { error: req.headers['accept-language'] === 'zh-CN' ? '未找到' : 'Not found' });
  }

  await mkdir(path.join(root, 'environments'), { recursive: true });
  const workspace = (pkg) => ({ package: pkg, version: 'workspace' });
  await writeFile(
    path.join(root, 'environments/test.json'),
    JSON.stringify({ name: 'test', backendUrl: '', host: workspace('host-shell'), remotes: { cloudclip_public: workspace('mfe-public') } }),
  );
  await writeWorkspace(path.join(root, 'with-renderer'), RENDERER);
  await writeWorkspace(path.join(root, 'without-renderer'), null);
  await writeWorkspace(path.join(root, 'with-plan'), PLANNED_RENDERER);
  const upstream = http.createServer(answerFor);
  const upstreamPort = await listen(upstream);
  const closed = http.createServer();
  const refusedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  const gatewayFor = (workspaceRoot, options = {}) =>
    buildGateway({
      environment: 'test',
      environmentsDir: path.join(root, 'environments'),
      workspaceRoot,
      store: new FolderReleaseStore(path.join(root, 'releases')),
      apiUpstream: `http://127.0.0.1:${upstreamPort}`,
      ...options,
    });
  const gateway = await gatewayFor(path.join(root, 'with-renderer'));
  /** What the test renderers rendered so far (their log: the slugs, `planned:` before the planned renderer's). */
  const renders = async () => (await readFile(process.env.CLOUDCLIP_TEST_RENDER_LOG, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  async function close() {
    for (const answer of held.splice(0)) answer();
    await gateway.close();
    await new Promise((resolve) => upstream.close(resolve));
    await rm(root, { recursive: true, force: true });
  }
  return { root, gateway, gatewayFor, received, held, refusedPort, upstreamPort, renders, since: (mark) => received.slice(mark), close };
}

/** The headers of a browser's navigation to show a page (share-prerender.mjs isBrowserNavigation). */
export const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' };
export const navigate = (gateway, url, headers = {}) => gateway.inject({ url, headers: { ...NAVIGATION, ...headers } });

/** The inline scripts of a page, the JSON of its #cc-early-answers block and its first screen. */
export function partsOf(body) {
  const scripts = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  const answers = /<script type="application\/json" id="cc-early-answers">([\s\S]*?)<\/script>/.exec(body)?.[1];
  const early = scripts.find((script) => script.includes('__cloudclipEarlyResponses'));
  return { scripts, answers: answers === undefined ? null : JSON.parse(answers), early };
}

/** An embedded answer's value: a JSON answer comes as `json`, any other as its text. */
export const answerValue = (answer) => ('json' in answer ? answer.json : JSON.parse(answer.body));

/** Runs the early script as the browser would at `href`, with the page's #cc-early-answers; returns its fetches and responses. */
export function runInPage(page, { href = 'https://clip.example/paste/plain', storage = {}, languages = ['en-US'] } = {}) {
  const { early, answers } = partsOf(page);
  const fetched = [];
  const window = {
    location: { href },
    navigator: { languages },
    localStorage: { getItem: (key) => storage[key] ?? null },
    document: { getElementById: (id) => (id === 'cc-early-answers' && answers ? { textContent: JSON.stringify(answers) } : null) },
    Response,
    fetch: (url, init) => {
      fetched.push({ url, headers: { ...init?.headers } });
      return Promise.resolve(new Response('from the browser', { status: 200 }));
    },
  };
  vm.runInNewContext(early, { window, URL });
  return { fetched, early: window.__cloudclipEarlyResponses };
}
