// The boot page's frame: the page with holes for a visitor's answers and content, kept by the
// gateway and filled at every page, must be the very page rendered whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootPageFrame, renderBootPage, scriptJson } from './boot-page.mjs';

const HOST =
  '<!doctype html><html><head><script src=/config.js></script></head>' +
  '<body><div id="root"></div><div id="cc-first-screen"></div><script defer src="/main.js"></script></body></html>';
const BOOT = {
  appConfig: { backendUrl: '' },
  environment: { name: 'test', remotes: [] },
  preloads: [{ as: 'script', href: '/remotes/p/1/chunk.js' }],
  earlyScript: 'window.early=1',
  firstScreen: { css: '.fs{color:red}', variants: [{ lang: 'en-US', html: '<h1>Build screen</h1>' }] },
};
const ANSWERS = [
  { url: '/api/paste/a', status: 200, contentType: 'application/json', body: '{"content":"</script> 页面 \u2028"}', language: 'en-US' },
];
const SCREEN = { html: '<article>Rendered 文本</article>', css: '.cp{margin:0}</style>' };

const filled = (frame, screenParts = []) =>
  Buffer.concat([frame[0], Buffer.from(scriptJson(ANSWERS)), frame[1], ...screenParts, frame[2]]).toString('utf8');

test('a frame filled with the answers and the content is the page rendered whole', () => {
  const frame = bootPageFrame(HOST, BOOT, { screen: true, screenCss: SCREEN.css });
  assert.ok(frame);
  const whole = renderBootPage(HOST, { ...BOOT, earlyAnswers: ANSWERS, serverScreen: SCREEN });
  assert.equal(filled(frame, [Buffer.from('<article>Rendered '), Buffer.from('文本</article>')]), whole);
  assert.match(whole, /data-live="server"/);
});

test("a frame without content keeps the build's first screen", () => {
  const frame = bootPageFrame(HOST, BOOT, { screen: false });
  const whole = renderBootPage(HOST, { ...BOOT, earlyAnswers: ANSWERS });
  assert.equal(filled(frame), whole);
  assert.match(whole, /Build screen/);
});

test('a host page with no place for the first screen gives no frame for content', () => {
  const bare = '<html><head></head><body></body></html>';
  assert.equal(bootPageFrame(bare, BOOT, { screen: true, screenCss: '' }), null);
  const frame = bootPageFrame(bare, BOOT, { screen: false });
  assert.equal(filled(frame), renderBootPage(bare, { ...BOOT, earlyAnswers: ANSWERS }));
});

test('a JSON answer is written as the bytes it came in, safe in a script, and reads as its value', async () => {
  const { earlyAnswersJsonParts, scriptSafeJsonBytes } = await import('./boot-page.mjs');
  const value = { content: '</script><!-- 页面 \u2028 line \u2029 end', views: 3 };
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  const safe = Buffer.concat(scriptSafeJsonBytes(bytes)).toString('utf8');
  assert.doesNotMatch(safe, /<|\u2028|\u2029/);
  assert.deepEqual(JSON.parse(safe), value);
  const plain = Buffer.from('{"a":"no escapes 页"}');
  assert.equal(scriptSafeJsonBytes(plain)[0], plain, 'nothing to escape: the same bytes');

  const answers = [
    { url: '/api/paste/a', status: 200, contentType: 'application/json', language: 'en-US', json: value, bytes },
    { url: '/api/x', status: 200, contentType: 'text/plain', language: 'en-US', body: 'text </script>' },
  ];
  const block = Buffer.concat(earlyAnswersJsonParts(answers)).toString('utf8');
  assert.doesNotMatch(block, /<|\u2028/);
  const whole = answers.map(({ bytes: _bytes, ...answer }) => answer);
  assert.deepEqual(JSON.parse(block), whole);
  // The page rendered whole writes the same block, encoded from the values.
  assert.deepEqual(JSON.parse(scriptJson(whole)), JSON.parse(block));
});
