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

/** The browser's localStorage keys the decision reads (contract §8; shared-kernel/src/storage-keys.ts). */
export const SESSION_STORAGE_KEYS = ['admin_token', 'api_key'];
export const API_BASE_OVERRIDE_KEY = 'vite-api-base-url';
export const LANGUAGE_KEY = 'language';
import { scriptJson } from './boot-page.mjs';

const BACKEND_URL_PLACEHOLDER = '__BACKEND_URL__';

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

/**
 * The inline script that sends `paths` (API paths) to the backend of `appConfig` and leaves the
 * responses for the kernel; '' when there is nothing to send.
 * @param {string[]} paths
 * @param {{ backendUrl?: string }} appConfig
 */
export function earlyRequestsScript(paths, appConfig) {
  if (paths.length === 0) return '';
  const runtime = (appConfig.backendUrl ?? '').trim();
  const base = runtime && runtime !== BACKEND_URL_PLACEHOLDER ? runtime.replace(/\/+$/, '') : '';
  const keys = JSON.stringify(SESSION_STORAGE_KEYS);
  // The language as the kernel picks it at start-up (i18n/detect-language.ts): the saved choice,
  // else the browser's first language (zh… → zh-CN, anything else en-US), else en-US.
  return [
    '(function(w,paths,base){',
    'var l;',
    `try{var s=w.localStorage;if(${keys}.some(function(k){return s.getItem(k)}))return;`,
    `if(!base&&s.getItem(${JSON.stringify(API_BASE_OVERRIDE_KEY)}))return;`,
    `l=s.getItem(${JSON.stringify(LANGUAGE_KEY)})}catch(e){return}`,
    'if(l!=="zh-CN"&&l!=="en-US"){var n=(w.navigator.languages||[]).filter(function(x){return typeof x==="string"&&x})[0];',
    'l=n&&n.toLowerCase().indexOf("zh")===0?"zh-CN":"en-US"}',
    'var r={};paths.forEach(function(p){var a=new URL(base+"/api"+p,w.location.href).href;',
    'r[a]=w.fetch(a,{headers:{Accept:"application/json, text/plain, */*","Accept-Language":l}});r[a].catch(function(){})});',
    'w.__cloudclipEarlyResponses={language:l,responses:r}',
    `})(window,${scriptJson(paths)},${scriptJson(base)});`,
  ].join('');
}
