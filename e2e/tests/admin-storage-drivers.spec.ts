import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/admin-test';
import type { AdminPage } from '../pages/admin-page';
import { readStorageServers } from '../support/storage-servers';

/**
 * Issue 38 in the admin panel: an admin adds a WebDAV and an SFTP storage through the form (the SFTP
 * one fetching the host key and confirming it), runs the connection test (every step passes, byte
 * ranges shown, CORS not applicable), and a wrongly typed fingerprint is
 * refused by the connection test. Real servers: rclone serve webdav and sshd (Playwright's webServer
 * "remote storage"), in both languages.
 */

const TEXTS = {
  'en-US': {
    createTitle: 'Add a storage configuration',
    provider: 'Provider',
    webdav: 'WebDAV (NAS, Nextcloud, rclone…)',
    sftp: 'SFTP (SSH server)',
    name: 'Name',
    webdavUrl: 'WebDAV server URL',
    user: 'User name',
    password: 'Password',
    baseFolder: 'Base folder',
    host: 'Host',
    port: 'Port',
    withKey: 'With a private key',
    privateKey: 'Private key (PEM)',
    hostKey: 'Host key fingerprint',
    confirmHostKey: 'I have compared this fingerprint',
    unconfirmed: "Compare the fingerprint with the server's, then tick the confirmation",
    malformed: 'Malformed fingerprint: expected SHA256: followed by 43 characters, as ssh-keygen -l prints it',
    region: 'Region',
    customHost: 'Custom domain',
    create: 'Create',
    created: 'Storage configuration added',
    test: 'Test connection',
    passed: 'Every check passed',
    failed: 'Some checks failed',
    ranges: 'Byte ranges',
    notApplicable: 'Not applicable',
    pinned: 'Host key: ',
    close: 'Close',
  },
  'zh-CN': {
    createTitle: '添加存储配置',
    provider: '服务商',
    webdav: 'WebDAV（NAS、Nextcloud、rclone 等）',
    sftp: 'SFTP（SSH 服务器）',
    name: '名称',
    webdavUrl: 'WebDAV 服务器地址',
    user: '用户名',
    password: '密码',
    baseFolder: '基础文件夹',
    host: '主机',
    port: '端口',
    withKey: '使用私钥',
    privateKey: '私钥（PEM）',
    hostKey: '主机密钥指纹',
    confirmHostKey: '我已核对此指纹',
    unconfirmed: '请先与服务器上的指纹核对，再勾选确认',
    malformed: '指纹格式不正确：应为 SHA256: 加 43 个字符，与 ssh-keygen -l 的输出相同',
    region: '区域',
    customHost: '自定义域名',
    // antd puts a space between the two characters of a two-character Chinese button label
    create: '创 建',
    created: '存储配置已添加',
    test: '测试连接',
    passed: '所有检查均已通过',
    failed: '部分检查未通过',
    ranges: '按字节范围读取',
    notApplicable: '不适用',
    pinned: '主机密钥：',
    close: '关 闭',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const run = Date.now().toString(36);

async function openCreateForm(page: Page, admin: AdminPage, text: Texts, provider: string): Promise<Locator> {
  await page.getByTestId('storage-create').click();
  const drawer = admin.dialog(text.createTitle);
  await admin.choose(text.provider, provider, drawer);
  return drawer;
}

/** Runs the connection test of a row and returns the report once it is in. */
async function testConnection(page: Page, admin: AdminPage, text: Texts, name: string): Promise<Locator> {
  await admin.rowAction(name, text.test);
  const report = page.getByTestId('storage-test-report');
  await expect(report).toBeVisible({ timeout: 60_000 });
  return report;
}

/** Every step of a WebDAV/SFTP test passed: read, write, byte ranges, browser upload; CORS does not apply. */
async function expectRemoteTestPassed(page: Page, report: Locator, text: Texts): Promise<void> {
  await expect(report).toHaveAttribute('data-success', 'true');
  await expect(report).toContainText(text.passed);
  for (const step of ['read', 'write', 'ranges'])
    await expect(page.getByTestId(`test-step-${step}`)).toHaveAttribute('data-status', 'success');
  await expect(page.getByTestId('test-step-ranges')).toContainText(text.ranges);
  await expect(page.getByTestId('test-step-ranges').locator('[data-testid^="test-fact-ranges"]')).toBeVisible();
  await expect(page.getByTestId('test-step-cors')).toHaveAttribute('data-status', 'skipped');
  await expect(page.getByTestId('test-step-cors')).toContainText(text.notApplicable);
  // The browser upload runs through the api-server's own URLs (each step passes) or is marked not applicable.
  const upload = report.locator('[data-testid^="test-step-upload"]');
  await expect(upload.first()).toBeVisible();
  for (const step of await upload.all()) await expect(step).toHaveAttribute('data-status', /^(success|skipped)$/);
  await expect(report.locator('[data-status="error"]')).toHaveCount(0);
}

async function closeTest(page: Page, text: Texts): Promise<void> {
  await page.locator('.ant-modal-footer').getByRole('button', { name: text.close }).click();
}

for (const locale of ['en-US', 'zh-CN'] as const) {
  test.describe(`WebDAV and SFTP storage in the admin panel, ${locale}`, () => {
    test.use({ locale });
    const text = TEXTS[locale];
    const created: string[] = [];

    test.afterEach(async ({ api }) => {
      for (const name of created.splice(0)) {
        const config = (await api.configs()).find((candidate) => candidate.name === name);
        if (config) await api.delete(`/api/s3-configs/${config.id}`).catch(() => undefined);
      }
    });

    test('creates a WebDAV storage through the form and its connection test passes with byte ranges', async ({ page, api, admin }) => {
      // Written by the "remote storage" webServer: read once it runs, not when the file is collected.
      const servers = readStorageServers();
      await admin.gotoAsAdmin(api.token, '/admin/storage-config');
      const drawer = await openCreateForm(page, admin, text, text.webdav);
      await expect(drawer.getByLabel(text.region, { exact: true })).toHaveCount(0);
      await expect(drawer.getByLabel(text.customHost)).toHaveCount(0);

      const name = `webdav ${locale} ${run}`;
      created.push(name);
      await drawer.getByLabel(text.name, { exact: true }).fill(name);
      await drawer.getByLabel(text.webdavUrl).fill(servers.webdav.url);
      await drawer.getByLabel(text.user, { exact: true }).fill(servers.webdav.username);
      await drawer.getByLabel(text.password, { exact: true }).fill(servers.webdav.password);
      await drawer.getByLabel(text.baseFolder).fill(`admin-${locale}-${run}`);
      await drawer.getByRole('button', { name: text.create }).click();
      await expect(admin.toast(text.created)).toBeVisible();

      const row = admin.row(name);
      await expect(row.getByTestId('storage-driver')).toHaveText('WebDAV');
      const config = (await api.configs()).find((candidate) => candidate.name === name);
      expect(config?.driver).toBe('webdav');

      const report = await testConnection(page, admin, text, name);
      await expectRemoteTestPassed(page, report, text);
      await closeTest(page, text);
    });

    test('creates an SFTP storage after fetching and confirming the host key; a wrong typed fingerprint fails the test', async ({
      page,
      api,
      admin,
    }) => {
      const servers = readStorageServers();
      await admin.gotoAsAdmin(api.token, '/admin/storage-config');
      const drawer = await openCreateForm(page, admin, text, text.sftp);
      const name = `sftp ${locale} ${run}`;
      created.push(name);
      await drawer.getByLabel(text.name, { exact: true }).fill(name);
      await drawer.getByLabel(text.host, { exact: true }).fill(servers.sftp.host);
      await drawer.getByLabel(text.port, { exact: true }).fill(String(servers.sftp.port));
      await drawer.getByLabel(text.user, { exact: true }).fill(servers.sftp.username);
      await drawer.getByText(text.withKey, { exact: true }).click();
      // The key file picker reads the file into the key field.
      await drawer
        .locator('input[type="file"]')
        .setInputFiles({ name: 'id_ed25519', mimeType: 'text/plain', buffer: Buffer.from(servers.sftp.privateKey) });
      await expect(drawer.getByLabel(text.privateKey)).toHaveValue(servers.sftp.privateKey);
      await drawer.getByLabel(text.baseFolder).fill(`${servers.sftp.dataDir}/admin-${locale}-${run}`);

      // Fetch the fingerprint: shown with the key type and the command to compare it with.
      await drawer.getByTestId('sftp-fetch-host-key').click();
      const fetched = drawer.getByTestId('sftp-host-key-fetched');
      await expect(fetched).toContainText(servers.sftp.hostKeySha256, { timeout: 20_000 });
      await expect(fetched).toContainText('ssh-ed25519');
      await expect(fetched).toContainText('ssh-keygen -l -f /etc/ssh/ssh_host_ed25519_key.pub');
      await expect(drawer.getByLabel(text.hostKey)).toHaveValue(servers.sftp.hostKeySha256);

      // Not saved before the admin confirms the comparison.
      await drawer.getByRole('button', { name: text.create }).click();
      await admin.expectFieldError(text.unconfirmed);
      expect((await api.configs()).some((candidate) => candidate.name === name)).toBe(false);
      await drawer.getByLabel(text.confirmHostKey).check();
      await drawer.getByRole('button', { name: text.create }).click();
      await expect(admin.toast(text.created)).toBeVisible();

      const row = admin.row(name);
      await expect(row.getByTestId('storage-driver')).toHaveText('SFTP');
      await expect(row.getByTestId('storage-host-key')).toHaveText(`${text.pinned}${servers.sftp.hostKeySha256}`);
      const report = await testConnection(page, admin, text, name);
      await expectRemoteTestPassed(page, report, text);
      await closeTest(page, text);

      // A typed fingerprint: a malformed one is refused by the form, a well-formed wrong one by the test.
      const wrongName = `sftp wrong key ${locale} ${run}`;
      created.push(wrongName);
      const wrong = await openCreateForm(page, admin, text, text.sftp);
      await wrong.getByLabel(text.name, { exact: true }).fill(wrongName);
      await wrong.getByLabel(text.host, { exact: true }).fill(servers.sftp.host);
      await wrong.getByLabel(text.port, { exact: true }).fill(String(servers.sftp.port));
      await wrong.getByLabel(text.user, { exact: true }).fill(servers.sftp.username);
      await wrong.getByText(text.withKey, { exact: true }).click();
      await wrong.getByLabel(text.privateKey).fill(servers.sftp.privateKey);
      await wrong.getByLabel(text.hostKey).fill('MD5:16:27:ac:a5:76:28:2d:36');
      await wrong.getByRole('button', { name: text.create }).click();
      await admin.expectFieldError(text.malformed);
      const wrongKey = `SHA256:${'A'.repeat(43)}`;
      expect(wrongKey).not.toBe(servers.sftp.hostKeySha256);
      await wrong.getByLabel(text.hostKey).fill(wrongKey);
      // The first storage's "added" message may still be up (a message shows for 3 s): this one must be new.
      await expect(admin.toast(text.created)).toHaveCount(0);
      await wrong.getByRole('button', { name: text.create }).click();
      await expect(admin.toast(text.created)).toBeVisible();

      const refused = await testConnection(page, admin, text, wrongName);
      await expect(refused).toHaveAttribute('data-success', 'false');
      await expect(refused).toContainText(text.failed);
      await expect(page.getByTestId('test-step-read')).toHaveAttribute('data-status', 'error');
      // The refusal names the key the server really presents, for the admin to compare.
      await expect(page.getByTestId('test-step-read')).toContainText(servers.sftp.hostKeySha256);
      await closeTest(page, text);
    });
  });
}
