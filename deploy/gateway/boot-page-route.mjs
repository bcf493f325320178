// The response to a page address: the pinned host's index.html rendered as the boot page
// (boot-page.mjs) with its preload hints, sent with a Content-Security-Policy that allows its inline
// script by hash and the pinned remotes' origins, and kept out of search engines where it shows a
// paste (X-Robots-Tag). A share page's first API answer is asked for by the gateway and written
// into the page, with the content rendered from it when the remote's build can (share-prerender.mjs);
// such a page is private to its visitor (`Cache-Control: private, no-store`).
import { hostPinOf, remoteEntryOf } from './environment.mjs';
import { contentSecurityPolicy, inlineScriptHashes, originsOf, robotsTagOf } from './security-headers.mjs';
import {
  hostPreloads,
  pageChunkPreloads,
  pageOfPath,
  remoteOfPath,
  remotePreloads,
  bootPageFrame,
  earlyAnswersJsonParts,
  renderBootPage,
  servedByGateway,
} from './boot-page.mjs';
import { earlyRequestPaths, earlyRequestsScript, runtimeBackendBase } from './early-requests.mjs';
import { isBrowserNavigation, shareKindOf } from './share-prerender.mjs';
import { NO_CACHE, createPackageReader } from './package-files.mjs';
import { createPageCompressor } from './page-compression.mjs';

/** Cache-Control of a page carrying an API answer or content for its visitor: no shared cache keeps it. */
export const PRIVATE_PAGE_CACHE = 'private, no-store';

/** X-Robots-Tag of the offline shell: a page of no address of its own. */
export const OFFLINE_SHELL_ROBOTS_TAG = 'noindex';

/**
 * @param {object} options
 * @param {ReturnType<typeof import('./served-environment.mjs').createServedEnvironment>} options.served
 * @param {ReturnType<typeof import('./package-files.mjs').createPackageFiles>} options.files
 * @param {Record<string,string>} options.overrides
 * @param {ReturnType<typeof createPackageReader>} [options.reader] shared with the gateway's other routes
 * @param {ReturnType<typeof import('./share-prerender.mjs').createSharePrerender> | null} [options.prerender]
 *   asks a share page's first API requests upstream and renders its content; without it the
 *   browser sends them (early-requests.mjs)
 * @returns {(request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply, page?: { offline?: boolean }) => Promise<unknown>}
 *   `page.offline`: the offline shell (/offline-shell), the page a service worker shows for any
 *   address while the network is down: the host alone, with no remote, first screen or API request
 *   of any address, and never indexed.
 */
export function createBootPageRoute({ served, files, overrides, reader, prerender = null }) {
  const { loadEnvironment, browserEnvironment, runtimeAppConfig } = served;

  const { packageJson, packageText } = reader ?? createPackageReader(files);
  const hostIndexHtml = (pin) => packageText(pin.package, pin.version, 'index.html');
  const compressor = createPageCompressor();

  /** What is derived from a host page and the rest of a boot page's inputs, kept while the host page is. */
  const memo = createHostPageMemo();
  /** Ids of first screens (objects of a parsed page-chunks.json, kept while the file is). */
  const firstScreenIds = new WeakMap();
  let nextFirstScreenId = 1;
  const firstScreenIdOf = (firstScreen) => {
    if (!firstScreen || typeof firstScreen !== 'object') return 0;
    let id = firstScreenIds.get(firstScreen);
    if (!id) {
      id = nextFirstScreenId++;
      firstScreenIds.set(firstScreen, id);
    }
    return id;
  };

  /**
   * The hashes of a boot page's inline scripts, for its policy: only the gateway's own scripts,
   * never one in server-rendered content. Its scripts come from the host's page, the app config,
   * the early script and the first screen, so the hashes are kept by those: a page need not be
   * rendered twice and searched for scripts each time.
   */
  function scriptHashesOf(html, boot) {
    const key = `hashes\n${JSON.stringify(boot.appConfig)}\n${boot.earlyScript}\n${firstScreenIdOf(boot.firstScreen)}`;
    return memo(html, key, () => inlineScriptHashes(renderBootPage(html, { ...boot, earlyAnswers: [] })));
  }

  /**
   * A page with its visitor's answers (and the content rendered from them), as parts of the page
   * (page-compression.mjs): the page's frame, the same for every visitor of the address and kept
   * encoded (boot-page.mjs bootPageFrame), with the answers and the content in its holes. One part,
   * rendered whole, when the host page has no holes.
   * @returns {Array<{ data: Buffer, kept?: boolean }>}
   */
  function personalPage(html, boot, embedded, screen) {
    const key = `frame\n${JSON.stringify([boot.appConfig, boot.environment, boot.preloads, boot.earlyScript, firstScreenIdOf(boot.firstScreen)])}\n${screen?.cssKey ?? ''}`;
    const frame = memo(html, key, () => bootPageFrame(html, boot, { screen: Boolean(screen), screenCss: screen?.css ?? '' }));
    if (!frame) {
      const content = screen ? { html: Buffer.concat(screen.parts.map((part) => part.data)).toString('utf8'), css: screen.css } : null;
      return [{ data: Buffer.from(renderBootPage(html, { ...boot, serverScreen: content }), 'utf8') }];
    }
    const answers = earlyAnswersJsonParts(embedded.map(({ upstream, ...answer }) => ({ ...answer, bytes: upstream.body })));
    const [head, middle, tail] = frame.map((data) => ({ data, kept: true }));
    return [head, ...answers.map((data) => ({ data })), middle, ...(screen?.parts ?? []), tail];
  }

  /**
   * What the boot page of an address announces: the preload hints (the host's start-up chunks and
   * the address's remote with its page's chunks) and the API requests the page starts with (paths
   * under /api; only for a remote this gateway serves, whose pinned build is the code that runs).
   * `pathname` null: the offline shell, the host's start-up chunks only.
   */
  async function pageStart(environment, pin, manifest, pathname) {
    const [bootAssets, hostManifest, routeMap] = await Promise.all([
      packageJson(pin.package, pin.version, 'boot-assets.json'),
      packageJson(pin.package, pin.version, 'mf-manifest.json'),
      packageJson(pin.package, pin.version, 'route-map.json'),
    ]);
    const preloads = hostPreloads(bootAssets, hostManifest);
    let requests = [];
    let firstScreen = null;
    let share = null;
    const container = pathname === null ? null : remoteOfPath(routeMap, pathname);
    const remote = manifest.remotes.find((entry) => entry.name === container);
    const remotePin = container ? environment.remotes[container] : undefined;
    if (remote && remotePin) {
      const [remoteManifest, pageChunks] = await Promise.all([
        packageJson(remotePin.package, remotePin.version, 'mf-manifest.json'),
        packageJson(remotePin.package, remotePin.version, 'page-chunks.json'),
      ]);
      const shown = pageOfPath(pageChunks, pathname);
      preloads.push(...remotePreloads(remote, remoteManifest, hostManifest), ...pageChunkPreloads(remote, shown?.page));
      if (servedByGateway(remote)) {
        requests = earlyRequestPaths(shown?.page ?? null, shown?.groups);
        firstScreen = shown?.page?.firstScreen ?? null;
        share = { pin: remotePin, slug: decodedSegment(shown?.groups.slug ?? '') };
      }
    }
    return { preloads, requests, firstScreen, share };
  }

  /**
   * The page's first API answers from the api-server (embedded or handed off; what could not be
   * asked is left to the browser) and its content rendered from them; null when the gateway does
   * not ask (no prerender, no requests, not a browser's navigation, or the page talks to another
   * backend than this gateway's).
   */
  async function serverAnswers(request, requests, share, appConfig) {
    if (!prerender || !share || requests.length === 0 || !isBrowserNavigation(request)) return null;
    const origin = `${request.protocol}://${request.host}`;
    const base = runtimeBackendBase(appConfig);
    if (base && !sameOrigin(base, origin)) return null;
    // The renderer of the pinned remote loads (the first time) while the api-server answers.
    prerender.prepare?.(share.pin);
    const answers = await prerender.answer(request, requests);
    let screen = null;
    for (const answer of answers.embedded) {
      const kind = shareKindOf(answer.url.slice('/api'.length));
      if (!kind || screen) continue;
      screen = await prerender.render(share.pin, { kind, slug: share.slug, origin, answer: answer.upstream, json: answer.json });
    }
    return { answers, screen };
  }

  async function hostPage(pathname, request) {
    const environment = await loadEnvironment();
    const pin = hostPinOf(environment);
    const html = await hostIndexHtml(pin);
    if (html === null) return null;
    const manifest = await browserEnvironment(environment);
    const appConfig = runtimeAppConfig(environment);
    const { preloads, requests, firstScreen, share } = await pageStart(environment, pin, manifest, pathname);
    const server = await serverAnswers(request, requests, share, appConfig);
    const answers = server?.answers;
    const boot = {
      appConfig,
      environment: manifest,
      preloads,
      earlyScript: answers
        ? earlyRequestsScript(answers.browser, appConfig, {
            language: answers.language,
            answered: answers.embedded.length > 0,
            handoffs: answers.handoffs,
          })
        : earlyRequestsScript(requests, appConfig),
      firstScreen,
      earlyAnswers: (answers?.embedded ?? []).map(({ upstream: _upstream, ...answer }) => answer),
    };
    const personal = Boolean(server?.screen) || boot.earlyAnswers.length > 0 || (answers?.handoffs.length ?? 0) > 0;
    // A page with answers is sent as its parts (the ones the same at every visit compressed once); any other whole.
    const page = answers?.embedded.length
      ? { parts: personalPage(html, boot, answers.embedded, server?.screen ?? null) }
      : renderBootPage(html, boot);
    const entries = Object.entries(environment.remotes).map(([container, remote]) => remoteEntryOf(container, remote, overrides));
    // Hashed without the server-rendered content: only the gateway's own scripts may run.
    const csp = contentSecurityPolicy({ remoteOrigins: originsOf(entries), scriptHashes: scriptHashesOf(html, boot) });
    return { html: page, csp, personal };
  }

  return async function sendIndex(request, reply, page = {}) {
    const pathname = request.url.split('?')[0] ?? '/';
    // /index.html is the home page under another name (the host's router sends it to /).
    const index = await hostPage(page.offline ? null : pathname === '/index.html' ? '/' : pathname, request);
    if (!index) return reply.code(503).type('text/plain; charset=utf-8').send('The pinned host shell is not available.');
    const robots = page.offline ? OFFLINE_SHELL_ROBOTS_TAG : robotsTagOf(pathname);
    if (robots) reply.header('X-Robots-Tag', robots);
    const acceptEncoding = request.headers['accept-encoding'];
    const { body, coding } =
      typeof index.html === 'string'
        ? await compressor.compress(index.html, acceptEncoding, { personal: index.personal })
        : await compressor.compressParts(index.html.parts, acceptEncoding);
    if (coding) reply.header('Content-Encoding', coding);
    return reply
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', index.personal ? PRIVATE_PAGE_CACHE : NO_CACHE)
      .header('Content-Security-Policy', index.csp)
      .header('X-Frame-Options', 'DENY')
      .type('text/html; charset=utf-8')
      .send(body);
  };
}

/**
 * Values kept by host page (a few host pages: the pinned one, and one more while a pin changes) and
 * by a key naming the rest of what made them (a bounded number per host page, oldest out first).
 * @returns {<T>(html: string, key: string, compute: () => T) => T}
 */
function createHostPageMemo({ hostPages = 4, perHostPage = 128 } = {}) {
  const byHostPage = new Map();
  return (html, key, compute) => {
    let values = byHostPage.get(html);
    if (!values) {
      if (byHostPage.size >= hostPages) byHostPage.delete(byHostPage.keys().next().value);
      values = new Map();
      byHostPage.set(html, values);
    }
    if (values.has(key)) return values.get(key);
    const value = compute();
    if (values.size >= perHostPage) values.delete(values.keys().next().value);
    values.set(key, value);
    return value;
  };
}

function sameOrigin(base, origin) {
  try {
    return new URL(base).origin === origin;
  } catch {
    return false;
  }
}

/** A path segment as the page reads it (decoded); as it is when malformed. */
function decodedSegment(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
