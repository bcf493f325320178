// The host's index.html as the gateway sends it: everything the page would otherwise have to ask
// for before it can show anything is written into it.
//
// - `window.appConfig` replaces the render-blocking `<script src="/config.js">` (an inline script,
//   allowed by its hash in the page's Content-Security-Policy);
// - the environment manifest is a JSON block (`#cc-environment`, not a script, so no CSP source is
//   needed) that the host reads instead of fetching /env.json;
// - preload hints for the host's start-up chunks and for the remote the address needs (its
//   mf-manifest.json, remoteEntry.js, the exposed module's chunks and the lazy chunks of the page
//   the address shows, from the remote's page-chunks.json), so they download in parallel with
//   main.js instead of one round trip after another;
// - the inline script that starts the page's first API requests (early-requests.mjs), so a share
//   page's content is on its way while the code downloads;
// - the page's first screen (its heading and lead text, from the remote's page-chunks.json, in every
//   language and session variant; CSS rules in the host's page show the visitor's one), so the
//   page's first content paints with the HTML. The host keeps it in the remote's slot until the
//   remote's own page is there (host-shell/src/features/remote-slot/first-screen.ts).
//
// /config.js and /env.json stay for other clients and older hosts. A host page without the
// config.js tag (another build) is left as it is apart from the added head content.
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no JS line separators. */
export function scriptJson(value) {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => SCRIPT_ESCAPES[c]);
}

const LESS_THAN = 0x3c;
/** UTF-8 of U+2028 and U+2029: E2 80 A8 / E2 80 A9. */
const LINE_SEPARATOR_LEAD = 0xe2;
const ESCAPED_LESS_THAN = Buffer.from('\\u003c');
const ESCAPED_LINE_SEPARATOR = Buffer.from('\\u2028');
const ESCAPED_PARAGRAPH_SEPARATOR = Buffer.from('\\u2029');

/**
 * JSON text as UTF-8 bytes made safe inside a <script> element as `scriptJson` makes it: `<`, U+2028
 * and U+2029 written as escapes (in JSON they can only stand inside strings, where an escape means
 * the same). The bytes as they are when none is there.
 * @param {Buffer} bytes
 * @returns {Buffer[]}
 */
export function scriptSafeJsonBytes(bytes) {
  const parts = [];
  let start = 0;
  // Searched for natively (indexOf), not byte by byte: most answers have few of them.
  let less = bytes.indexOf(LESS_THAN);
  let lead = bytes.indexOf(LINE_SEPARATOR_LEAD);
  while (less !== -1 || lead !== -1) {
    if (less !== -1 && (lead === -1 || less < lead)) {
      parts.push(bytes.subarray(start, less), ESCAPED_LESS_THAN);
      start = less + 1;
      less = bytes.indexOf(LESS_THAN, start);
      continue;
    }
    if (bytes[lead + 1] === 0x80 && (bytes[lead + 2] === 0xa8 || bytes[lead + 2] === 0xa9)) {
      parts.push(bytes.subarray(start, lead), bytes[lead + 2] === 0xa8 ? ESCAPED_LINE_SEPARATOR : ESCAPED_PARAGRAPH_SEPARATOR);
      start = lead + 3;
    }
    lead = bytes.indexOf(LINE_SEPARATOR_LEAD, lead + 1);
  }
  if (start === 0) return [bytes];
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * The `#cc-early-answers` block's JSON (the array `renderBootPage` writes with `scriptJson`) as UTF-8
 * parts: a JSON answer (`json`) is written as the bytes it came in (`bytes`), not encoded again.
 * @param {Array<{ json?: unknown, body?: string, bytes?: Buffer } & Record<string, unknown>>} answers
 * @returns {Buffer[]}
 */
export function earlyAnswersJsonParts(answers) {
  const parts = [Buffer.from('[')];
  answers.forEach(({ json, bytes, ...answer }, index) => {
    if (index > 0) parts.push(Buffer.from(','));
    if (json === undefined || !bytes) {
      parts.push(Buffer.from(scriptJson(json === undefined ? answer : { ...answer, json }), 'utf8'));
      return;
    }
    // The answer's other fields, then its JSON: `{…,"json":<bytes>}`.
    const fields = scriptJson(answer);
    parts.push(
      Buffer.from(`${fields.slice(0, -1)}${fields === '{}' ? '' : ','}"json":`, 'utf8'),
      ...scriptSafeJsonBytes(bytes),
      Buffer.from('}'),
    );
  });
  parts.push(Buffer.from(']'));
  return parts;
}

function attribute(value) {
  return String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Deferred scripts of the page with a local source (the host's entry, main.js). */
const ENTRY_SCRIPT = /<script\b[^>]*\bdefer\b[^>]*\bsrc\s*=\s*["']?(\/[^"' >]+\.js)["']?[^>]*>/gi;
const CONFIG_SCRIPT = /<script\b[^>]*\bsrc\s*=\s*(["']?)\/config\.js\1[^>]*>\s*<\/script>/i;
/** Where the host's page takes a first screen: an empty element (shared-kernel/build/index.html). */
const FIRST_SCREEN_MARK = /<div\b[^>]*\bid=["']?cc-first-screen["']?[^>]*>\s*<\/div>/i;
const LANGUAGE = /^[a-z]{2}-[A-Z]{2}$/;
const SESSIONS = new Set(['signed-in', 'signed-out']);

/**
 * The markup of a first screen (page-chunks.json `firstScreen`): one block per variant, marked with
 * its language and session for the page's CSS. Shown, not used: its controls are out of the tab
 * order and the pointer passes through (the page's own elements take over). '' when there is
 * nothing usable.
 * @param {{ live?: unknown, variants?: Array<{ lang?: unknown, session?: unknown, html?: unknown }> } | null | undefined} firstScreen
 */
export function firstScreenMarkup(firstScreen) {
  const blocks = [];
  for (const variant of firstScreen?.variants ?? []) {
    if (typeof variant?.html !== 'string' || typeof variant.lang !== 'string' || !LANGUAGE.test(variant.lang)) continue;
    // A variant for a session this page does not know is shown to nobody rather than to everybody.
    if (variant.session !== undefined && !SESSIONS.has(variant.session)) continue;
    const session = variant.session ? ` data-session="${variant.session}"` : '';
    blocks.push(`<div data-lang="${variant.lang}"${session}>${variant.html}</div>`);
  }
  // Neither inert nor aria-hidden: Chromium then leaves the text out of Largest Contentful Paint in
  // some loads (seen in 2 of 6 and 1 of 6 probe runs; 0 of 10 without). It is the page's own text.
  // A live first screen (the build said `live: true`) holds real controls the visitor may use now.
  const live = firstScreen?.live === true ? ' data-live="build"' : '';
  return blocks.length ? `<div id="cc-first-screen" class="cc-first-screen"${live}>${blocks.join('')}</div>` : '';
}

/**
 * The first screen of a page rendered on the server (mfe-public's share renderer): live, its markup
 * as the renderer wrote it (its language variants and the content the page takes over).
 * @param {string} html
 */
export function serverScreenMarkup(html, css = '') {
  // Its stylesheet inside it, in the body: after every stylesheet the host adds to the head while
  // it starts, as the page's own stylesheets come after the kernel's (same specificity, the later
  // rule wins: `.cp-paste-content` padding over `.cc-card`'s); and it goes with the first screen.
  const style = css ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  return `<div id="cc-first-screen" class="cc-first-screen" data-live="server">${style}${html}</div>`;
}

/**
 * @typedef {{ href: string, as: 'script' | 'fetch', integrity?: string }} Preload
 * @param {string} html the host's index.html
 * @param {{ appConfig: object, environment: object, preloads?: Preload[], earlyScript?: string, firstScreen?: { css?: unknown, variants?: any[] } | null, earlyAnswers?: object[], serverScreen?: { html: string, css?: string } | null }} boot
 *   `earlyScript`: the inline script that starts the page's first API requests (early-requests.mjs);
 *   `firstScreen`: the page's first screen (page-chunks.json), written where the page marks it;
 *   `earlyAnswers`: the API answers the gateway got for the page (share-prerender.mjs), a JSON
 *   block before the early script, which reads it; `serverScreen`: the page's content rendered on
 *   the server, a live first screen in place of the build's. `earlyAnswersJson`: the answers block's
 *   text as it is (already `scriptJson`), in place of `earlyAnswers`.
 */
export function renderBootPage(
  html,
  {
    appConfig,
    environment,
    preloads = [],
    earlyScript = '',
    firstScreen = null,
    earlyAnswers = [],
    earlyAnswersJson = undefined,
    serverScreen = null,
  },
) {
  let page = html.replace(CONFIG_SCRIPT, () => `<script>window.appConfig=${scriptJson(appConfig)};</script>`);
  const seen = new Set();
  const links = [];
  // The host's entry script sits at the end of the body as a deferred script, which browsers fetch
  // at the lowest priority: behind every preload below, although nothing can start without it.
  // Announced first with a high priority, it arrives first and starts while the rest downloads.
  for (const src of entryScriptsOf(page)) {
    if (seen.has(src)) continue;
    seen.add(src);
    links.push(`<link rel="preload" as="script" href="${attribute(src)}" fetchpriority="high">`);
  }
  for (const preload of preloads) {
    if (seen.has(preload.href)) continue;
    seen.add(preload.href);
    // Scripts with an integrity digest are loaded in CORS mode (integrity-plugin.ts), fetches always.
    const cors = preload.as === 'fetch' || preload.integrity ? ' crossorigin="anonymous"' : '';
    const integrity = preload.integrity ? ` integrity="${attribute(preload.integrity)}"` : '';
    links.push(`<link rel="preload" as="${preload.as}" href="${attribute(preload.href)}"${integrity}${cors}>`);
  }
  // The early requests first: they are the page's last step (the content), and nothing waits for them to start.
  const answersJson = earlyAnswersJson ?? (earlyAnswers.length ? scriptJson(earlyAnswers) : '');
  const answers = answersJson ? `<script type="application/json" id="cc-early-answers">${answersJson}</script>` : '';
  const early = `${answers}${earlyScript ? `<script>${earlyScript}</script>` : ''}`;
  // The page's empty first-screen element is filled, or dropped when the page has none.
  const marked = FIRST_SCREEN_MARK.test(page);
  const served = marked && serverScreen?.html ? serverScreen : null;
  const screen = !marked ? '' : served ? serverScreenMarkup(served.html, served.css ?? '') : firstScreenMarkup(firstScreen);
  const css = served ? '' : firstScreen?.css;
  const screenCss = screen && typeof css === 'string' && css ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` : '';
  page = page.replace(FIRST_SCREEN_MARK, () => screen);
  const head = `${early}<script type="application/json" id="cc-environment">${scriptJson(environment)}</script>${links.join('')}${screenCss}`;
  page = /<\/head>/i.test(page) ? page.replace(/<\/head>/i, () => `${head}</head>`) : `${head}${page}`;
  return page;
}

/** Unknown outside this process: no answer or content can hold them. */
const FRAME_MARK = `cc-frame-${randomBytes(12).toString('hex')}`;
const ANSWERS_HOLE = `${FRAME_MARK}-answers`;
const SCREEN_HOLE = `${FRAME_MARK}-screen`;

/**
 * A boot page with two holes: its early answers' JSON (`scriptJson` of the answers) goes between
 * `parts[0]` and `parts[1]`, the server-rendered first screen's markup between `parts[1]` and
 * `parts[2]` (with `screenCss`; nothing goes there when `screen` is false). The rest of the page is
 * the same for every visitor of the same address, so a server keeps the frame, encoded, and sends
 * `[parts[0], answers, parts[1], ...screen, parts[2]]`. Null when the host's page has no place for them.
 * @param {string} html the host's index.html
 * @param {Parameters<typeof renderBootPage>[1]} boot without `earlyAnswers` and `serverScreen`
 * @param {{ screen: boolean, screenCss?: string }} holes
 * @returns {[Buffer, Buffer, Buffer] | null}
 */
export function bootPageFrame(html, boot, { screen, screenCss = '' }) {
  const page = renderBootPage(html, {
    ...boot,
    earlyAnswers: [],
    earlyAnswersJson: ANSWERS_HOLE,
    serverScreen: screen ? { html: SCREEN_HOLE, css: screenCss } : null,
  });
  const [head, rest, ...extra] = page.split(ANSWERS_HOLE);
  if (rest === undefined || extra.length) return null;
  const [middle, tail, ...more] = screen ? rest.split(SCREEN_HOLE) : [rest, ''];
  if (tail === undefined || more.length) return null;
  return [Buffer.from(head, 'utf8'), Buffer.from(middle, 'utf8'), Buffer.from(tail, 'utf8')];
}

/** The local deferred scripts of the host's page (its entry, `/main.js`), in page order. */
export function entryScriptsOf(html) {
  return [...html.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
}

/** The pattern-matched remote of a page address, from the host's route-map.json; null when none. */
export function remoteOfPath(routeMap, pathname) {
  for (const route of routeMap?.routes ?? []) {
    try {
      if (new RegExp(route.pattern).test(pathname)) return route.remote;
    } catch {
      /* a broken pattern matches nothing */
    }
  }
  return null;
}

const isScript = (file) => typeof file === 'string' && file.endsWith('.js');

/**
 * Whether this gateway serves the remote itself (`/remotes/…`): only then does it know the files
 * (and so the code) the browser will run. A dev override elsewhere gets no hints.
 * @param {{ entry: string }} remote
 */
export const servedByGateway = (remote) => remote.entry.startsWith('/remotes/');

/**
 * The host's start-up scripts: the chunks of its bootstrap (boot-assets.json) and its shared
 * modules (mf-manifest.json), served from the site root.
 */
export function hostPreloads(bootAssets, hostManifest) {
  const files = [...(bootAssets?.scripts ?? [])];
  for (const shared of hostManifest?.shared ?? []) files.push(...(shared.assets?.js?.sync ?? []));
  return files.filter(isScript).map((file) => ({ as: 'script', href: `/${file}` }));
}

/**
 * What a remote needs before it can render: its manifest, its entry script (with the release's
 * digest when pinned) and the exposed module's synchronous chunks, plus its own copies of shared
 * modules the host does not provide. Only for remotes served by this gateway (`/remotes/…`).
 * @param {{ entry: string, integrity?: { manifest: string, entry: string, entryName: string } }} remote
 */
export function remotePreloads(remote, remoteManifest, hostManifest) {
  if (!servedByGateway(remote) || !remoteManifest) return [];
  const base = path.posix.dirname(remote.entry);
  const entryName = remoteManifest.metaData?.remoteEntry?.name;
  const entryDir = (remoteManifest.metaData?.remoteEntry?.path ?? '').replace(/^\/+|\/+$/g, '');
  const preloads = [{ as: 'fetch', href: remote.entry }];
  if (isScript(entryName)) {
    const href = `${base}/${entryDir ? `${entryDir}/` : ''}${entryName}`;
    preloads.push({ as: 'script', href, ...(remote.integrity?.entry ? { integrity: remote.integrity.entry } : {}) });
  }
  for (const expose of remoteManifest.exposes ?? []) {
    for (const file of expose.assets?.js?.sync ?? []) if (isScript(file)) preloads.push({ as: 'script', href: `${base}/${file}` });
  }
  const provided = new Set((hostManifest?.shared ?? []).map((shared) => shared.name));
  for (const shared of remoteManifest.shared ?? []) {
    if (provided.has(shared.name)) continue;
    for (const file of shared.assets?.js?.sync ?? []) if (isScript(file)) preloads.push({ as: 'script', href: `${base}/${file}` });
  }
  return preloads;
}

/**
 * The page of a remote's page-chunks.json (written by its build) that shows `pathname`, with the
 * named groups of its pattern; null when none matches.
 * @param {{ pages?: Array<{ pattern: string, scripts?: string[], requests?: string[] }> } | null} pageChunks
 * @returns {{ page: { pattern: string, scripts?: string[], requests?: string[] }, groups: Record<string, string> } | null}
 */
export function pageOfPath(pageChunks, pathname) {
  for (const page of pageChunks?.pages ?? []) {
    let match = null;
    try {
      match = new RegExp(page.pattern).exec(pathname);
    } catch {
      /* a broken pattern matches nothing */
    }
    if (match) return { page, groups: { ...(match.groups ?? {}) } };
  }
  return null;
}

/**
 * The lazily loaded chunks of the page a remote shows at an address (the page's `scripts`: its
 * chunk groups' files). Only for remotes served by this gateway.
 * @param {{ entry: string }} remote
 * @param {{ scripts?: string[] } | null | undefined} page
 */
export function pageChunkPreloads(remote, page) {
  if (!servedByGateway(remote) || !page) return [];
  const base = path.posix.dirname(remote.entry);
  return (page.scripts ?? []).filter(isScript).map((file) => ({ as: 'script', href: `${base}/${file}` }));
}
