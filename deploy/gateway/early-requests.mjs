// The API requests a page address cannot show anything without, started by the boot page itself.
//
// A share page's content waits for its first API answer (a paste's text, a file's details). Asked
// for by the page's code, that answer comes one round trip after the host, the remote and the
// page's chunks have downloaded and run. The remote's build says which requests each page starts
// with (`requests` in its page-chunks.json, e.g. `/paste/{slug}` for `^/paste/(?<slug>[^/]+)/?$`);
// the gateway writes an inline script into the boot page that sends them as soon as the HTML is
// parsed and leaves the responses on `window.__cloudclipEarlyResponses`. The kernel's API client
// takes each one instead of sending the same request again (shared-kernel/src/api/early-responses.ts).
//
// The request must be the one the client would send, because a paste view is counted per request:
// same address, same headers (Accept, Accept-Language in the language the kernel would choose), no
// credentials. So the script sends nothing for a signed-in visitor (an admin token or API key in
// localStorage: the client would send it) or when the page talks to a backend saved in the
// environment switcher (another server than the one this gateway knows).
//
// For a remote the gateway serves itself, the gateway sends the request upstream first
// (share-prerender.mjs) and writes the answer into the page (`#cc-early-answers`) or, when it is
// late, gives the page a `/_early/<id>` to fetch it from; the script only sends what the gateway
// could not (an api-server it could not reach).

/** The browser's localStorage keys the decision reads (contract §8; shared-kernel/src/storage-keys.ts). */
export const SESSION_STORAGE_KEYS = ['admin_token', 'api_key'];
export const API_BASE_OVERRIDE_KEY = 'vite-api-base-url';
export const LANGUAGE_KEY = 'language';
import { scriptJson } from './boot-page.mjs';

const BACKEND_URL_PLACEHOLDER = '__BACKEND_URL__';
/** Mirrors share-prerender.mjs HANDOFF_MISSING_HEADER (kept here so the script module imports no server code). */
const HANDOFF_MISSING_HEADER = 'x-cloudclip-early';

/**
 * The API paths (relative to `/api`) the page at `pathname` starts with: the page's `requests`
 * with the named groups of its pattern filled in (decoded from the address, encoded again as a path
 * segment, as the client does). Empty when the page declares none or the address is malformed.
 * @param {{ requests?: string[] } | null} page
 * @param {Record<string, string> | undefined} groups
 */
export function earlyRequestPaths(page, groups) {
  const paths = [];
  for (const template of page?.requests ?? []) {
    if (typeof template !== 'string' || !template.startsWith('/')) continue;
    let complete = true;
    const filled = template.replace(/\{(\w+)\}/g, (_, name) => {
      const raw = groups?.[name];
      if (raw === undefined) {
        complete = false;
        return '';
      }
      try {
        return encodeURIComponent(decodeURIComponent(raw));
      } catch {
        complete = false;
        return '';
      }
    });
    if (complete) paths.push(filled);
  }
  return paths;
}

/** The id of the JSON block holding the answers the gateway got itself (share-prerender.mjs). */
export const EARLY_ANSWERS_ID = 'cc-early-answers';

/** The backend base the kernel talks to ('' for the page's own origin), as the runtime config gives it. */
export function runtimeBackendBase(appConfig) {
  const runtime = (appConfig?.backendUrl ?? '').trim();
  return runtime && runtime !== BACKEND_URL_PLACEHOLDER ? runtime.replace(/\/+$/, '') : '';
}

/**
 * The inline script that hands the page's first API answers to the kernel: those the gateway got
 * itself (the `#cc-early-answers` block before it, and `server.handoffs`, fetched from
 * `/_early/<id>`), and the requests in `paths` (API paths) it sends itself to the backend of
 * `appConfig`; '' when there is nothing to hand over.
 *
 * The gateway's answers are the plain public GET the kernel sends for every visitor, so they are
 * registered for everyone; the requests the script sends itself are sent only for a visitor the
 * kernel would send no credentials for. Nothing at all when the page talks to another backend
 * saved in the environment switcher. The language is the gateway's (`server.language`) when it
 * answered, else the kernel's.
 * @param {string[]} paths
 * @param {{ backendUrl?: string }} appConfig
 * @param {{ language?: string, answered?: boolean, handoffs?: Array<{ url: string, id: string }> }} [server]
 *   `answered`: the page carries `#cc-early-answers`; `handoffs`: answers the page fetches from the gateway
 */
export function earlyRequestsScript(paths, appConfig, server = {}) {
  const handoffs = server.handoffs ?? [];
  const fromServer = Boolean(server.answered) || handoffs.length > 0;
  if (paths.length === 0 && !fromServer) return '';
  const base = runtimeBackendBase(appConfig);
  const keys = JSON.stringify(SESSION_STORAGE_KEYS);
  const serverLanguage = fromServer ? (server.language ?? '') : '';
  // The language as the kernel picks it at start-up (i18n/detect-language.ts): the saved choice,
  // else the browser's first language (zh… → zh-CN, anything else en-US), else en-US.
  return [
    '(function(w,paths,base,sl,hs){',
    'var l,a=false;',
    `try{var s=w.localStorage;a=${keys}.some(function(k){return s.getItem(k)});`,
    `if(!base&&s.getItem(${JSON.stringify(API_BASE_OVERRIDE_KEY)}))return;`,
    `l=s.getItem(${JSON.stringify(LANGUAGE_KEY)})}catch(e){return}`,
    'if(l!=="zh-CN"&&l!=="en-US"){var n=(w.navigator.languages||[]).filter(function(x){return typeof x==="string"&&x})[0];',
    'l=n&&n.toLowerCase().indexOf("zh")===0?"zh-CN":"en-US"}',
    'if(sl)l=sl;',
    'var r={},u=function(p){return new URL(base+p,w.location.href).href};',
    `var b=w.document&&w.document.getElementById(${JSON.stringify(EARLY_ANSWERS_ID)}),x=[];`,
    'if(b&&sl)try{x=JSON.parse(b.textContent)}catch(e){}',
    'x.forEach(function(e){var k=[101,204,205,304].indexOf(e.status)<0;',
    // A JSON answer comes as its value (`json`, share-prerender.mjs), any other as its text (`body`).
    'r[u(e.url)]=Promise.resolve(new w.Response(k?("json"in e?JSON.stringify(e.json):e.body):null,{status:e.status,headers:{"content-type":e.contentType}}))});',
    'hs.forEach(function(h){var q=r[u(h.url)]=w.fetch("/_early/"+h.id).then(function(y){',
    `if(y.headers.get(${JSON.stringify(HANDOFF_MISSING_HEADER)}))throw new Error("no early answer");return y});q.catch(function(){})});`,
    'if(!a)paths.forEach(function(p){var k=u("/api"+p);',
    'r[k]=w.fetch(k,{headers:{Accept:"application/json, text/plain, */*","Accept-Language":l}});r[k].catch(function(){})});',
    'if(Object.keys(r).length)w.__cloudclipEarlyResponses={language:l,responses:r}',
    `})(window,${scriptJson(paths)},${scriptJson(base)},${scriptJson(serverLanguage)},${scriptJson(handoffs)});`,
  ].join('');
}
