// The API key confinement scenarios: inside its home the key may work; outside it (plain paths,
// Destination headers, `..` and percent-encoded tricks) it is refused; anonymous requests get 401.
import http from 'node:http';
import { json } from '../../api-server/bench/bench-server.mjs';
import { SECRET_TEXT } from './settings.mjs';

/** One HTTP request with the path sent exactly as given (no dot-segment clean-up, unlike fetch). */
function rawRequest(port, { method, target, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

function basic(user, password) {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

const PROPFIND_BODY = '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';
const PROPPATCH_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x"><D:set><D:prop><Z:p>x</Z:p></D:prop></D:set></D:propertyupdate>';
const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

/**
 * The checks of a key whose basic_path is /local/keyhome. `expect` lists the statuses that pass:
 * inside the home the work succeeds; a target outside it gets 403 or 404; a path trick (`..`,
 * percent-encoded dots, slashes or backslashes) may also get 400.
 */
function confinementChecks(base) {
  const home = '/dav/local/keyhome';
  const file = `${home}/inside.txt`;
  const OK_WRITE = [201, 204];
  const OUT = [403, 404];
  const TRICK = [400, 403, 404];
  const xml = { 'content-type': 'application/xml; charset=utf-8' };
  const absolute = (target) => `${base}${target}`;
  const check = (name, method, target, expect, extra = {}) => ({ name, method, target, expect, ...extra });
  const propfind = (name, target, depth, expect) =>
    check(name, 'PROPFIND', target, expect, { headers: { depth, ...xml }, body: PROPFIND_BODY });
  const put = (name, target, expect) => check(name, 'PUT', target, expect, { body: 'evil\n' });
  const get = (name, target) => check(name, 'GET', target, TRICK);
  const transfer = (name, method, target, destination, expect) => check(name, method, target, expect, { headers: { destination } });
  const rootListing = (text) => /\/dav\/local\/?</.test(text) && !/\/dav\/s3\/?</.test(text);
  return [
    // inside the home: allowed
    propfind('PROPFIND its home (Depth 1)', `${home}/`, '1', [207]),
    check('PUT inside', 'PUT', file, OK_WRITE, { body: 'inside\n' }),
    check('GET inside', 'GET', file, [200], { bodyIs: 'inside\n' }),
    check('MKCOL inside', 'MKCOL', `${home}/sub/`, [201]),
    transfer('COPY inside → inside', 'COPY', file, absolute(`${home}/sub/copy.txt`), OK_WRITE),
    transfer('MOVE inside → inside', 'MOVE', `${home}/sub/copy.txt`, absolute(`${home}/moved.txt`), OK_WRITE),
    { ...propfind('PROPFIND /dav/ lists local, not s3', '/dav/', '1', [207]), bodyCheck: rootListing },
    // outside: refused
    propfind('PROPFIND other mount', '/dav/s3/', '1', OUT),
    propfind('PROPFIND sibling folder', '/dav/local/outside/', '1', OUT),
    propfind('PROPFIND prefix sibling (keyhome-sibling)', '/dav/local/keyhome-sibling/', '0', OUT),
    check('GET outside', 'GET', '/dav/local/outside/secret.txt', OUT),
    check('HEAD outside', 'HEAD', '/dav/local/outside/secret.txt', OUT),
    put('PUT outside', '/dav/local/outside/new.txt', OUT),
    put('PUT prefix sibling', '/dav/local/keyhome-sibling/new.txt', OUT),
    put('PUT other mount', '/dav/s3/new.txt', OUT),
    check('MKCOL outside', 'MKCOL', '/dav/local/outside/newdir/', OUT),
    check('PROPPATCH outside', 'PROPPATCH', '/dav/local/outside/secret.txt', OUT, { headers: xml, body: PROPPATCH_BODY }),
    check('LOCK outside', 'LOCK', '/dav/local/outside/secret.txt', OUT, { headers: { ...xml, timeout: 'Second-60' }, body: LOCK_BODY }),
    transfer('COPY outside → inside', 'COPY', '/dav/local/outside/secret.txt', absolute(`${home}/stolen.txt`), OUT),
    transfer('MOVE outside → inside', 'MOVE', '/dav/local/outside/secret.txt', absolute(`${home}/stolen.txt`), OUT),
    transfer('COPY → Destination outside', 'COPY', file, absolute('/dav/local/outside/copied.txt'), OUT),
    transfer('MOVE → Destination outside', 'MOVE', file, absolute('/dav/local/outside/moved.txt'), OUT),
    transfer('COPY → Destination on the other mount', 'COPY', file, absolute('/dav/s3/copied.txt'), OUT),
    transfer('COPY → Destination as a bare path outside', 'COPY', file, '/dav/local/outside/copied2.txt', TRICK),
    transfer('MOVE → Destination with ..', 'MOVE', file, absolute(`${home}/../outside/moved2.txt`), TRICK),
    transfer('MOVE → Destination with %2e%2e', 'MOVE', file, absolute(`${home}/%2e%2e/outside/moved3.txt`), TRICK),
    transfer('COPY → Destination with ..%2f', 'COPY', file, absolute(`${home}/..%2foutside%2fcopied3.txt`), TRICK),
    // path tricks on the request target
    get('GET home/../outside', `${home}/../outside/secret.txt`),
    get('GET home/%2e%2e/outside', `${home}/%2e%2e/outside/secret.txt`),
    get('GET home/%2E%2E/outside', `${home}/%2E%2E/outside/secret.txt`),
    get('GET home/..%2foutside%2f…', `${home}/..%2foutside%2fsecret.txt`),
    get('GET home/%2e%2e%2foutside%2f…', `${home}/%2e%2e%2foutside%2fsecret.txt`),
    get('GET home%2f..%2foutside…', `${home}%2f..%2foutside%2fsecret.txt`),
    get('GET home/..%5coutside%5c…', `${home}/..%5coutside%5csecret.txt`),
    get('GET /local//outside (double slash)', '/dav/local//outside/secret.txt'),
    propfind('PROPFIND home/%2e%2e/', `${home}/%2e%2e/`, '1', TRICK),
    put('PUT home/%2e%2e/outside', `${home}/%2e%2e/outside/evil.txt`, TRICK),
    put('PUT home/..%2fevil', `${home}/..%2fevil.txt`, TRICK),
    check('DELETE home/%2e%2e/outside/secret', 'DELETE', `${home}/%2e%2e/outside/secret.txt`, TRICK),
    check('DELETE outside', 'DELETE', '/dav/local/outside/secret.txt', OUT),
    check('DELETE home/%2e%2e/ (the mount root)', 'DELETE', `${home}/%2e%2e/`, TRICK),
  ];
}

/** Runs the confinement checks with the key, then the anonymous ones, then checks nothing outside changed. */
export async function checkConfinement(api, key, failures) {
  const results = [];
  const record = (name, ok, detail) => {
    results.push({ name, ok, detail });
    if (!ok) failures.push(`confinement: ${name}: ${detail}`);
  };
  const auth = { authorization: basic(key, key) };
  for (const check of confinementChecks(api.base)) {
    let answer;
    try {
      // A source file the previous check may have moved (wrongly) is put back, so a 404 means refused.
      if ((check.method === 'COPY' || check.method === 'MOVE') && check.target.endsWith('/keyhome/inside.txt')) {
        await rawRequest(api.port, { method: 'PUT', target: check.target, headers: auth, body: 'inside\n' });
      }
      answer = await rawRequest(api.port, {
        method: check.method,
        target: check.target,
        headers: { ...auth, ...check.headers },
        body: check.body,
      });
    } catch (error) {
      record(check.name, false, `${check.method} ${check.target}: ${error.message}`);
      continue;
    }
    let ok = check.expect.includes(answer.status);
    let detail = `${check.method} ${check.target}${check.headers?.destination ? ` → ${check.headers.destination}` : ''}: ${answer.status} (expected ${check.expect.join('/')})`;
    if (ok && check.bodyIs !== undefined && answer.body !== check.bodyIs) {
      ok = false;
      detail += `, body ${JSON.stringify(answer.body.slice(0, 80))}`;
    }
    if (ok && check.bodyCheck && !check.bodyCheck(answer.body)) {
      ok = false;
      detail += `, unexpected listing ${answer.body.slice(0, 300)}`;
    }
    record(check.name, ok, detail);
  }

  for (const target of ['/dav/', '/dav/local/outside/secret.txt']) {
    const method = target.endsWith('/') ? 'PROPFIND' : 'GET';
    const answer = await rawRequest(api.port, { method, target, headers: method === 'PROPFIND' ? { depth: '0' } : {} });
    const challenge = String(answer.headers['www-authenticate'] ?? '');
    record(
      `anonymous ${method} ${target}`,
      answer.status === 401 && /^Basic\b/i.test(challenge),
      `${answer.status}, WWW-Authenticate: ${challenge || '(none)'} (expected 401 with Basic)`,
    );
  }
  const wrong = await rawRequest(api.port, {
    method: 'PROPFIND',
    target: '/dav/',
    headers: { depth: '0', authorization: basic(api.admin.username, 'wrong-password') },
  });
  record('wrong admin password', wrong.status === 401, `PROPFIND /dav/: ${wrong.status} (expected 401)`);

  // Nothing outside the home changed: the secret is intact, nothing new appeared next to it or at the roots.
  const secret = await fetch(`${api.base}/api/admin/fs/download?path=${encodeURIComponent('/local/outside/secret.txt')}`, {
    headers: api.auth,
  });
  const secretText = secret.ok ? await secret.text() : '';
  record('outside file intact', secret.ok && secretText === SECRET_TEXT, `download /local/outside/secret.txt: ${secret.status}`);
  const names = async (folder) => {
    const listing = await json(
      await fetch(`${api.base}/api/admin/fs/list?path=${encodeURIComponent(folder)}`, { headers: api.auth }),
      `list ${folder}`,
    );
    return (listing.data.items ?? []).map((item) => item.name).sort();
  };
  const outside = await names('/local/outside/');
  record(
    'nothing new outside',
    JSON.stringify(outside) === JSON.stringify(['secret.txt']),
    `/local/outside/ holds ${JSON.stringify(outside)}`,
  );
  const localRoot = await names('/local/');
  const strays = localRoot.filter((name) => /evil|moved|copied|stolen/.test(name));
  record('nothing new at /local/', strays.length === 0, `/local/ holds ${JSON.stringify(localRoot)}`);
  const sibling = await names('/local/keyhome-sibling/');
  record('nothing new in keyhome-sibling', sibling.length === 0, `/local/keyhome-sibling/ holds ${JSON.stringify(sibling)}`);
  const s3Root = await names('/s3/');
  const s3Strays = s3Root.filter((name) => /new|copied/.test(name));
  record('nothing new at /s3/', s3Strays.length === 0, `/s3/ holds ${JSON.stringify(s3Root)}`);
  return results;
}
