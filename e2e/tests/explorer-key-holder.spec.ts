import { expect, test } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';

test.use({ locale: 'en-US' });

const admin = ExplorerApi.adminForSpecFile();
let mount: Mount;
let key: string;
let basePath: string;

test.beforeAll(async () => {
  mount = await admin.createLocalMount(`/${uniqueName('keys')}`);
  basePath = `${mount.mountPath}/team`;
  await admin.mkdir(`${basePath}/`);
  await admin.mkdir(`${basePath}/reports/`);
  await admin.writeText(`${basePath}/readme.txt`, 'team readme');
  await admin.mkdir(`${mount.mountPath}/secret/`);
  await admin.writeText(`${mount.mountPath}/secret/salaries.txt`, 'confidential');
  key = await admin.createKey({ name: uniqueName('explorer-key'), file_permission: true, mount_permission: true, basic_path: basePath });
});

test('a key holder browses through /api/user/fs and is kept inside the basic path', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ apiKey: key, permissions: { text: false, file: true, mount: true }, basicPath: basePath });
  const fsCalls: string[] = [];
  page.on('request', (request) => request.url().includes('/fs/') && fsCalls.push(new URL(request.url()).pathname));

  // The root is outside the basic path: the address is corrected.
  await explorer.open('/');
  await expect(page).toHaveURL(new RegExp(`/mount-explorer${basePath}$`));
  await explorer.expectDirectory(`${basePath}/`);
  expect(await explorer.rowNames()).toEqual(['reports', 'readme.txt']);
  await expect(explorer.breadcrumbs.getByTestId('breadcrumb')).toHaveCount(0);
  await expect(explorer.breadcrumbs.getByTestId('breadcrumb-current')).toHaveText('team');

  // A sibling folder outside the basic path, typed in the address bar, is refused the same way.
  await explorer.open(`${mount.mountPath}/secret`);
  await expect(page).toHaveURL(new RegExp(`/mount-explorer${basePath}$`));
  await expect(page.getByText('salaries.txt')).toHaveCount(0);

  // Inside it, the key holder works normally.
  await explorer.openItem('reports');
  await explorer.expectDirectory(`${basePath}/reports/`);
  await expect(explorer.breadcrumbs.getByTestId('breadcrumb')).toHaveText(['team']);
  await explorer.mkdir('q3');
  await expect(explorer.row('q3')).toBeVisible();
  const panel = await explorer.openUpload();
  await panel.getByTestId('upload-input').setInputFiles({ name: 'summary.txt', mimeType: 'text/plain', buffer: Buffer.from('by key') });
  await expect(explorer.uploadItem('summary.txt')).toHaveAttribute('data-state', 'success');

  expect(fsCalls.length).toBeGreaterThan(0);
  expect(fsCalls.every((path) => path.startsWith('/api/user/fs/'))).toBe(true);
  expect(await admin.names(`${basePath}/reports/`)).toEqual(['q3', 'summary.txt']);
  expect(await admin.names(`${mount.mountPath}/secret/`)).toEqual(['salaries.txt']);
});

test('a key without the file permission is told what it needs', async ({ page }) => {
  // The server refuses mount without file permission, so such a key only has the text permission.
  const textOnly = await admin.createKey({
    name: uniqueName('text-only'),
    text_permission: true,
    file_permission: false,
    mount_permission: false,
    basic_path: basePath,
  });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ apiKey: textOnly, permissions: { text: true, file: false, mount: false }, basicPath: basePath });
  await explorer.open(basePath);
  await expect(page.getByTestId('access-notice')).toHaveAttribute('data-kind', 'key-without-file');
  await expect(page.getByTestId('access-notice')).toContainText('requires the file permission');
  await expect(page.getByTestId('login-link')).toBeVisible();
});
