import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { access, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GATEWAY_PORT } from '../playwright.config';
import { AdminPage } from '../pages/admin-page';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicFilePage } from '../pages/public-file-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { AdminApi } from '../support/admin-api';
import { CLI_BUNDLE, closedPort, lines, runCli, sha256File, type CliEnvironment, type CliResult } from '../support/cli';
import { useAdminSession } from '../support/public-session';

/**
 * The `cloudclip` command line (cli/dist/cloudclip.mjs) against the running product, the way a
 * script uses it: CLOUDCLIP_SERVER = the gateway, CLOUDCLIP_KEY = a key with the text and file
 * permissions made through the admin API, stdin a closed pipe. What it prints, its exit status, what
 * the browser shows of what it made, and the reverse (the CLI reading what the browser made).
 */

const ENCRYPTION = 'aes-256-gcm/v1';
const SLUG = '[0-9A-Za-z_-]+';
/** A word found nowhere else. */
const marker = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The run succeeded; if not, the assertion shows what it said on stderr. */
function expectSuccess(result: CliResult): void {
  expect(result.code, `exit status; stderr: ${result.stderr}`).toBe(0);
}

/** Failed with `code` and exactly one line on stderr, `cloudclip: <message>` matching `message`, no stack trace. */
function expectOneLineError(result: CliResult, code: 1 | 2, message: RegExp): void {
  expect(result.code, `exit status; stdout: ${result.stdout}; stderr: ${result.stderr}`).toBe(code);
  const errorLines = lines(result.stderr);
  expect(errorLines[0]).toMatch(/^cloudclip: /);
  expect(errorLines[0]).toMatch(message);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  if (code === 1) expect(errorLines).toHaveLength(1);
}

/** A new page in a context of its own (no session): someone who was sent the link. */
async function readerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', baseURL });
  return context.newPage();
}

let configDir: string;
let key: string;
let server: string;
let cli: (args: string[], options?: { input?: string | Buffer; timeoutMs?: number; env?: Partial<CliEnvironment> }) => Promise<CliResult>;

test.use({ locale: 'en-US' });

test.beforeAll(async () => {
  await access(CLI_BUNDLE).catch(() => {
    throw new Error(`${CLI_BUNDLE} is missing: pnpm build (or pnpm --filter @cloudclip/cli build) first`);
  });
  // The suite's gateway (the web pages' baseURL): the links the CLI prints are the ones a browser opens.
  server = `http://127.0.0.1:${GATEWAY_PORT}`;
  configDir = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-cli-e2e-'));
  const admin = await AdminApi.login();
  try {
    key = (await admin.createKey({ name: `cli-${Date.now()}`, text_permission: true, file_permission: true })).key;
  } finally {
    await admin.dispose();
  }
  cli = (args, { env, ...options } = {}) => runCli(args, { server, key, configDir, ...env }, options);
});

test.afterAll(async () => {
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

test('login saves the server and key in a file only the user may read; the commands use it; logout removes it', async () => {
  const home = await mkdtemp(path.join(configDir, 'login-'));
  const saved = { configDir: home, server: undefined, key: undefined };
  const login = await runCli(['login', '--server', server, '--key', key], saved);
  expectSuccess(login);
  const file = path.join(home, 'config.json');
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ server, key });

  const word = marker('CliSaved');
  const pasted = await runCli(['paste'], saved, { input: `with the saved login ${word}\n` });
  expectSuccess(pasted);
  expect(pasted.stdout.trim()).toMatch(new RegExp(`^${escapeRegExp(server)}/paste/${SLUG}$`));

  expectSuccess(await runCli(['logout'], saved));
  expectOneLineError(await runCli(['ls'], saved), 1, /not logged in/);
});

test('a paste from stdin: the link is printed, get prints the text back, the web page shows it', async ({ page }) => {
  const word = marker('CliPlain');
  const text = `# From the shell ${word}\n\nPiped into cloudclip paste.\n`;
  const pasted = await cli(['paste'], { input: text });
  expectSuccess(pasted);
  const link = pasted.stdout.trim();
  expect(link).toMatch(new RegExp(`^${escapeRegExp(server)}/paste/${SLUG}$`));
  const slug = link.split('/').pop()!;

  const got = await cli(['get', link]);
  expectSuccess(got);
  expect(got.stdout.replace(/\n$/, '')).toBe(text.replace(/\n$/, ''));
  // A bare slug works too.
  const bySlug = await cli(['get', slug]);
  expectSuccess(bySlug);
  expect(bySlug.stdout).toContain(`Piped into cloudclip paste.`);

  const view = new PublicPastePage(page);
  await view.goto(slug);
  await expect(view.content.locator('h1')).toHaveText(`From the shell ${word}`);
});

test('--encrypt: the server gets only ciphertext, and the browser opens the #key link and shows the text', async ({
  browser,
  baseURL,
  request,
}) => {
  const word = marker('CliSecret');
  const text = `# Encrypted on the command line ${word}\n\nOnly the link holds the key.\n`;
  const pasted = await cli(['paste', '--encrypt'], { input: text });
  expectSuccess(pasted);
  const link = pasted.stdout.trim();
  expect(link).toMatch(new RegExp(`^${escapeRegExp(server)}/paste/${SLUG}#[A-Za-z0-9_-]{43}$`));
  const slug = link.split('#')[0]!.split('/').pop()!;

  const stored = await request.get(`/api/paste/${slug}`);
  expect(stored.status()).toBe(200);
  const storedText = await stored.text();
  expect(storedText).not.toContain(word);
  expect(JSON.parse(storedText)).toMatchObject({ encryption: ENCRYPTION });

  const reader = await readerPage(browser, baseURL);
  const view = new PublicPastePage(reader);
  await reader.goto(link);
  await expect(view.content.locator('h1')).toHaveText(`Encrypted on the command line ${word}`);
  await expect(reader.getByTestId('paste-encrypted-badge')).toHaveText('End-to-end encrypted');
  await reader.context().close();

  const got = await cli(['get', link]);
  expectSuccess(got);
  expect(got.stdout).toContain(`Only the link holds the key.`);
});

test('a paste encrypted in the browser: get with the #key link prints the plaintext, without the key it says so', async ({ page }) => {
  const word = marker('BrowserSecret');
  await useAdminSession(page);
  const editor = new PublicEditorPage(page);
  await editor.goto();
  await editor.setContent(`# Made in the browser ${word}\n\nRead in a terminal.`);
  await page.getByTestId('share-encrypt').check();
  const link = await editor.share();
  expect(link).toMatch(/#[A-Za-z0-9_-]{43}$/);

  const got = await cli(['get', link]);
  expectSuccess(got);
  expect(got.stdout).toContain(`# Made in the browser ${word}`);
  expect(got.stdout).toContain('Read in a terminal.');

  const withoutKey = await cli(['get', link.split('#')[0]!]);
  expectOneLineError(withoutKey, 1, /encrypted, but the link has no key/);
  expect(withoutKey.stdout).not.toContain(word);
});

test('--password: get without it fails with one line, with a wrong one too, with the right one prints the text', async () => {
  const word = marker('CliLocked');
  const pasted = await cli(['paste', '--password', 'cli-Passw0rd'], { input: `behind a password ${word}\n` });
  expectSuccess(pasted);
  const link = pasted.stdout.trim();

  const without = await cli(['get', link]);
  expectOneLineError(without, 1, /password-protected: pass --password/);
  expect(without.stdout).toBe('');

  const wrong = await cli(['get', link, '--password', 'not-it']);
  expectOneLineError(wrong, 1, /wrong password/);

  const right = await cli(['get', link, '--password', 'cli-Passw0rd']);
  expectSuccess(right);
  expect(right.stdout).toContain(`behind a password ${word}`);
});

test('--burn: get asks for --yes, then prints it once; the second get says it is gone', async ({ request }) => {
  const word = marker('CliBurn');
  const pasted = await cli(['paste', '--burn'], { input: `read me once ${word}\n` });
  expectSuccess(pasted);
  const link = pasted.stdout.trim();
  const slug = link.split('/').pop()!;

  // No terminal to ask in: it refuses, and the paste is still there.
  const unasked = await cli(['get', link]);
  expectOneLineError(unasked, 1, /--yes/);
  expect(unasked.stdout).not.toContain(word);

  const first = await cli(['get', link, '--yes']);
  expectSuccess(first);
  expect(first.stdout).toContain(`read me once ${word}`);

  const second = await cli(['get', link, '--yes']);
  expectOneLineError(second, 1, /not found|no longer available/);
  expect(second.stdout).not.toContain(word);
  expect([404, 410]).toContain((await request.get(`/api/paste/${slug}`)).status());
});

test('a 30 MB file: upload prints the link, get -o downloads it byte for byte', async () => {
  test.setTimeout(240_000);
  const dir = await mkdtemp(path.join(configDir, 'upload-'));
  const source = path.join(dir, `random-${Date.now()}.bin`);
  await writeFile(source, randomBytes(30 * 1024 * 1024));

  const uploaded = await cli(['upload', source], { timeoutMs: 120_000 });
  expectSuccess(uploaded);
  expect(lines(uploaded.stdout)).toHaveLength(1);
  const link = uploaded.stdout.trim();
  expect(link).toMatch(new RegExp(`^${escapeRegExp(server)}/file/${SLUG}$`));

  const target = path.join(dir, 'downloaded.bin');
  const downloaded = await cli(['get', link, '-o', target], { timeoutMs: 120_000 });
  expectSuccess(downloaded);
  expect(await sha256File(target)).toBe(await sha256File(source));
});

test('ls lists the paste and the file (also as JSON), rm deletes them and ls no longer lists them', async () => {
  const word = marker('CliList');
  const pasted = await cli(['paste', '--remark', `listed ${word}`], { input: `to be listed ${word}\n` });
  expectSuccess(pasted);
  const pasteSlug = pasted.stdout.trim().split('/').pop()!;
  const dir = await mkdtemp(path.join(configDir, 'ls-'));
  const file = path.join(dir, `${word}.txt`);
  await writeFile(file, `a small file ${word}\n`);
  const uploaded = await cli(['upload', file]);
  expectSuccess(uploaded);
  const fileSlug = uploaded.stdout.trim().split('/').pop()!;

  const listed = await cli(['ls']);
  expectSuccess(listed);
  expect(listed.stdout).toContain(pasteSlug);
  expect(listed.stdout).toContain(fileSlug);

  const json = await cli(['ls', '--json']);
  expectSuccess(json);
  const rows = JSON.stringify(JSON.parse(json.stdout));
  expect(rows).toContain(`"${pasteSlug}"`);
  expect(rows).toContain(`"${fileSlug}"`);

  const removed = await cli(['rm', pasteSlug, fileSlug, '--yes']);
  expectSuccess(removed);

  const after = await cli(['ls']);
  expectSuccess(after);
  expect(after.stdout).not.toContain(pasteSlug);
  expect(after.stdout).not.toContain(fileSlug);
  expectOneLineError(await cli(['get', pasteSlug]), 1, /not found/);
});

test('a wrong key: exit 1 and one line saying the server refused the credentials', async () => {
  const result = await cli(['paste'], { input: 'never shared\n', env: { key: 'wrong-key-0000000000' } });
  expectOneLineError(result, 1, /refused the credentials/);
  expect(result.stdout).toBe('');
  expectOneLineError(await cli(['ls'], { env: { key: 'wrong-key-0000000000' } }), 1, /refused the credentials/);
});

test('a server that does not answer: exit 1, "cannot reach … is it running?"', async () => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  const result = await cli(['ls'], { env: { server: down } });
  expectOneLineError(result, 1, new RegExp(`cannot reach ${escapeRegExp(down)}.*is it running\\?`, 'i'));
  const paste = await cli(['paste'], { input: 'nowhere to go\n', env: { server: down } });
  expectOneLineError(paste, 1, /cannot reach/i);
});

test('a usage mistake: exit 2 with the option named and where to read more', async () => {
  const result = await cli(['paste', '--no-such-option'], { input: 'x\n' });
  expectOneLineError(result, 2, /--no-such-option/);
  expect(result.stderr).toContain('cloudclip paste --help');
  expectOneLineError(await cli(['paste', '--expires', 'tomorrow'], { input: 'x\n' }), 2, /--expires/);
});

test('LANG=zh_CN.UTF-8: the errors are in Chinese', async () => {
  const down = `http://127.0.0.1:${await closedPort()}`;
  const unreachable = await cli(['ls'], { env: { server: down, lang: 'zh_CN.UTF-8' } });
  expectOneLineError(unreachable, 1, /无法连接 .*服务器是否在运行？/);
  const usage = await cli(['paste', '--no-such-option'], { input: 'x\n', env: { lang: 'zh_CN.UTF-8' } });
  expectOneLineError(usage, 2, /未知选项 --no-such-option/);
  const wrongKey = await cli(['ls'], { env: { key: 'wrong-key-0000000000', lang: 'zh_CN.UTF-8' } });
  expectOneLineError(wrongKey, 1, /服务器拒绝了凭据/);
});

test('ShareX: the key holder downloads the .sxcu in the admin settings; the request it describes makes a share its URL opens', async ({
  page,
  request,
}) => {
  const panel = new AdminPage(page);
  await panel.seedCredential({ apiKey: key, permissions: { text: true, file: true, mount: false }, name: 'cli' });
  await panel.goto('/admin');
  await panel.expectPanel();
  await panel.open('settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download ShareX uploader \(\.sxcu\)$/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`cloudclip-127.0.0.1-${GATEWAY_PORT}.sxcu`);
  const uploader = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<string, string> & {
    Headers: Record<string, string>;
  };
  expect(uploader).toMatchObject({
    RequestMethod: 'PUT',
    Body: 'Binary',
    Headers: { Authorization: `ApiKey ${key}` },
    DestinationType: 'ImageUploader, FileUploader',
  });

  // What ShareX does with it: the file as the body of the request, then the link from the answer.
  const name = `${marker('ShareX')}.txt`;
  const sent = await request.fetch(uploader.RequestURL!.replace('{filename}', encodeURIComponent(name)), {
    method: uploader.RequestMethod,
    headers: uploader.Headers,
    data: Buffer.from('captured by ShareX\n'),
  });
  expect(sent.status()).toBe(200);
  const answer = (await sent.json()) as { data: { slug: string } };
  const fill = (template: string) =>
    template.replace(/\{json:([\w.]+)\}/g, (_whole, field: string) =>
      String(field.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], answer)),
    );
  const link = fill(uploader.URL!);
  expect(link).toBe(`${server}/file/${answer.data.slug}`);
  expect(await (await request.get(fill(uploader.ThumbnailURL!))).text()).toBe('captured by ShareX\n');
  const view = new PublicFilePage(page);
  await page.goto(link);
  await expect(view.name).toContainText(name);
});
