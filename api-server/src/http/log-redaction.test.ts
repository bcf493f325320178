import { Writable } from 'node:stream';
import { bearer, createTestApp, loginAsAdmin, type TestApp } from '../testing/test-app';
import { REDACTED, redactUrl, redactUrlsInText } from './log-redaction';

/** A logger destination that keeps every line. */
function captureStream(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('request logging keeps share passwords, tokens and credentials out of the log', () => {
  let t: TestApp;
  let log: ReturnType<typeof captureStream>;
  let adminToken: string;

  beforeEach(async () => {
    log = captureStream();
    t = await createTestApp({ logger: { level: 'info', stream: log.stream } });
    adminToken = await loginAsAdmin(t.app);
  });

  afterEach(async () => {
    await t.close();
  });

  it('redacts ?password= on upload-direct, file-download, file-view and raw paste URLs, keeping the rest of the URL', async () => {
    const secret = 'S3cretSharePw-91f2';
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/upload-direct/note.txt?remark=hello&password=${secret}&max_views=9`,
      headers: bearer(adminToken),
      payload: 'top secret contents',
    });
    expect(upload.statusCode).toBe(200);
    const { slug } = (upload.json() as { data: { slug: string } }).data;

    const download = await t.app.inject({ method: 'GET', url: `/api/file-download/${slug}?password=${secret}` });
    expect(download.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/file-view/${slug}?PassWord=${secret}&disposition=inline` });
    await t.app.inject({ method: 'GET', url: `/api/raw/no-such-paste?password=${secret}` });

    const text = log.text();
    expect(text).toContain('incoming request');
    expect(text).not.toContain(secret);
    expect(text).toContain(`/api/upload-direct/note.txt?remark=hello&password=${REDACTED}&max_views=9`);
    expect(text).toContain(`/api/file-download/${slug}?password=${REDACTED}`);
    expect(text).toContain(`?PassWord=${REDACTED}&disposition=inline`);
    expect(text).toContain(`/api/raw/no-such-paste?password=${REDACTED}`);
  });

  it('redacts token-like query parameters whatever their case, and signed local-storage URLs', async () => {
    const values = ['tok-aaa111', 'key-bbb222', 'apikey-ccc333', 'sec-ddd444', 'sig-eee555', 'amzsig-fff666', 'amzcred-ggg777', 's-hhh888'];
    const names = ['token', 'KEY', 'api_key', 'Secret', 'signature', 'X-Amz-Signature', 'X-Amz-Credential', 'sig'];
    const query = names.map((name, index) => `${name}=${values[index]}`).join('&');
    await t.app.inject({ method: 'GET', url: `/api/file-download/nothing-here?${query}&keep=visible` });
    await t.app.inject({ method: 'GET', url: `/api/local-storage/cfg/some/key.txt?expires=1&signature=${values[4]}` });
    const text = log.text();
    for (const value of values) expect(text).not.toContain(value);
    expect(text).toContain(`keep=visible`);
    expect(text).toContain(`?expires=1&signature=${REDACTED}`);
  });

  it('never logs the Authorization or X-Custom-Auth-Key headers, even when a handler logs the headers', async () => {
    await t.close();
    log = captureStream();
    t = await createTestApp({ logger: { level: 'info', stream: log.stream } });
    t.app.addHook('onRequest', async (request) => {
      request.log.info({ headers: request.headers, req: request }, 'headers seen');
      // A URL inside a message (as Fastify's own "reply already sent" warning writes it).
      request.log.warn(`handling ${request.raw.url ?? ''}`);
    });
    adminToken = await loginAsAdmin(t.app);
    const apiKey = 'raw-api-key-zzz999';
    await t.app.inject({
      method: 'PUT',
      url: '/api/upload-direct/a.txt',
      headers: { 'x-custom-auth-key': apiKey, cookie: 'session=cookie-yyy888' },
      payload: 'x',
    });
    await t.app.inject({ method: 'GET', url: '/api/admin/files?token=in-message-kkk777&limit=5', headers: bearer(adminToken) });
    const text = log.text();
    expect(text).toContain(`handling /api/admin/files?token=${REDACTED}&limit=5`);
    expect(text).not.toContain('in-message-kkk777');
    expect(text).toContain('headers seen');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(adminToken);
    expect(text).not.toContain('cookie-yyy888');
  });
});

describe('redactUrlsInText', () => {
  it('redacts secret parameters of every URL inside a text and leaves other text alone', () => {
    expect(redactUrlsInText('GET https://h/x?a=1&signature=abc and /y?Password=p q=1 &token=t')).toBe(
      `GET https://h/x?a=1&signature=${REDACTED} and /y?Password=${REDACTED} q=1 &token=${REDACTED}`,
    );
    expect(redactUrlsInText('{"msg":"password=plain words"}')).toBe('{"msg":"password=plain words"}');
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/raw/abc', '/api/raw/abc'],
    ['/api/raw/abc?password=x', `/api/raw/abc?password=${REDACTED}`],
    ['/a?x=1&PASSWORD=p%26w&y=2', `/a?x=1&PASSWORD=${REDACTED}&y=2`],
    ['/a?pass%77ord=zz', `/a?pass%77ord=${REDACTED}`],
    ['/a?access_token=t&refresh_token=u', `/a?access_token=${REDACTED}&refresh_token=${REDACTED}`],
    ['/a?X-Amz-Security-Token=t&x-amz-date=20250101', `/a?X-Amz-Security-Token=${REDACTED}&x-amz-date=20250101`],
    ['/a?password', '/a?password'],
    ['/a?password=', `/a?password=${REDACTED}`],
    ['/a?remark=password', '/a?remark=password'],
  ])('%s → %s', (input, expected) => {
    expect(redactUrl(input)).toBe(expected);
  });
});
