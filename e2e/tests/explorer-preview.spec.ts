import { expect, test } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import { HOSTILE_MARKDOWN, PNG, pdf, wav } from '../support/explorer-files';

test.use({ locale: 'en-US' });

const api = ExplorerApi.adminForSpecFile();
let local: Mount;
let s3: Mount;
const s3Folder = uniqueName('preview');

test.beforeAll(async () => {
  local = await api.createLocalMount(`/${uniqueName('preview')}`);
  s3 = await api.createS3Mount(`/${uniqueName('s3preview')}`);
  const root = `${local.mountPath}/`;
  await api.upload(root, 'pixel.png', PNG, 'image/png');
  await api.upload(root, 'clip.mp4', Buffer.from('not really a video, but served as video/mp4'), 'video/mp4');
  await api.upload(root, 'tone.wav', wav(), 'audio/wav');
  await api.upload(root, 'doc.pdf', pdf(), 'application/pdf');
  await api.writeText(`${root}main.ts`, 'const answer: number = 42;\nexport function twice(value: number) {\n  return value * 2;\n}\n');
  await api.writeText(`${root}notes.md`, HOSTILE_MARKDOWN);
  await api.upload(root, 'archive.zip', Buffer.from('PK\u0003\u0004 zip bytes'), 'application/zip');
  await api.mkdir(`${s3.mountPath}/${s3Folder}/`);
  await api.upload(`${s3.mountPath}/${s3Folder}/`, 'pixel.png', PNG, 'image/png');
});

test('previews images, audio and PDF in place from their storage URLs', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(local.mountPath);
  await explorer.expectDirectory(`${local.mountPath}/`);

  await explorer.openItem('pixel.png');
  await expect(page).toHaveURL(/\?preview=pixel\.png$/);
  await expect(explorer.preview).toHaveAttribute('data-kind', 'image');
  const image = page.getByTestId('preview-image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(2);

  await explorer.openItem('tone.wav');
  await expect(explorer.preview).toHaveAttribute('data-kind', 'audio');
  const src = await page.getByTestId('preview-audio').getAttribute('src');
  expect(src).toBeTruthy();
  const response = await page.request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('audio/');

  // pdf.js in the page (phones have no PDF viewer of their own), not the browser's viewer in a frame.
  await explorer.openItem('doc.pdf');
  await expect(explorer.preview).toHaveAttribute('data-kind', 'pdf');
  await expect(page.getByTestId('viewer-pdf').getByText('Cloudclip')).toBeVisible({ timeout: 30_000 });
  await expect(explorer.preview.locator('iframe, embed, object')).toHaveCount(0);

  // A "video" the browser cannot play falls back to the download with a reason, never a blank player.
  await explorer.openItem('clip.mp4');
  await expect(explorer.preview).toHaveAttribute('data-kind', 'video');
  await expect(page.getByTestId('viewer-fallback')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('viewer-fallback-reason')).not.toBeEmpty();
});

test('highlights code, renders Markdown sanitized, and offers the download with a reason for a damaged file', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(local.mountPath, '?preview=main.ts');
  await expect(explorer.preview).toHaveAttribute('data-kind', 'code');
  const code = page.getByTestId('file-text').locator('pre code');
  await expect(code).toHaveClass(/language-typescript/);
  await expect(code.locator('.hljs-keyword').first()).toHaveText('const');
  await expect(code).toContainText('return value * 2;');
  await expect(page.getByTestId('preview-edit')).toBeVisible();

  await explorer.openItem('notes.md');
  const markdown = page.getByTestId('preview-markdown');
  await expect(markdown.getByRole('heading', { level: 1 })).toHaveText('Release notes');
  await expect(markdown.locator('table td')).toHaveText(['1', '2']);
  await expect(markdown.locator('pre code .hljs-keyword')).toHaveText('const');
  await expect(markdown.locator('script, iframe')).toHaveCount(0);
  await expect(markdown.locator('img')).toHaveCount(1);
  expect(await markdown.locator('img').getAttribute('onerror')).toBeNull();
  const href = await markdown.getByText('click me').getAttribute('href');
  expect(href ?? '').not.toContain('javascript:');
  await markdown.getByText('click me').click();
  expect(await page.evaluate(() => (window as unknown as { __explorerXss?: string }).__explorerXss)).toBeUndefined();

  // 'archive.zip' holds junk: the archive viewer says it is damaged and offers the download.
  await explorer.openItem('archive.zip');
  await expect(explorer.preview).toHaveAttribute('data-kind', 'archive');
  await expect(page.getByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'damaged', { timeout: 30_000 });
  await expect(page.getByTestId('viewer-fallback-reason')).toHaveText(
    'The file is damaged or not in the format its name says, so it cannot be previewed.',
  );
  await expect(page.getByTestId('preview-edit')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByTestId('viewer-fallback-download').click();
  expect((await download).suggestedFilename()).toBe('archive.zip');
});

test('the preview lives in the address: deep link, reload, close and back', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(local.mountPath, '?preview=main.ts');
  await expect(page.getByTestId('viewer-code')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('viewer-code')).toBeVisible();
  await page.getByTestId('preview-close').click();
  await expect(explorer.preview).toHaveCount(0);
  await expect(page).not.toHaveURL(/preview=/);
  await page.goBack();
  await expect(page.getByTestId('viewer-code')).toBeVisible();

  // A file that is not there says so.
  await explorer.open(local.mountPath, '?preview=missing.txt');
  await expect(page.getByTestId('preview-error')).toBeVisible();
});

test('previews an image on an S3 mount through its presigned URL', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(`${s3.mountPath}/${s3Folder}`, '?preview=pixel.png');
  const image = page.getByTestId('preview-image');
  await expect(image).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\//);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(2);
});

test('each viewer, Markdown and the QR code are downloaded only when first needed', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const match = /\/(viewer-[a-z]+|preview-markdown|preview|qr-code|upload)\.[0-9a-f]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) chunks.push(match[1]!);
  });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(local.mountPath);
  await explorer.expectDirectory(`${local.mountPath}/`);
  expect(chunks).toEqual([]);
  await explorer.openItem('pixel.png');
  await expect(page.getByTestId('preview-image')).toBeVisible();
  expect(chunks).toEqual(['preview', 'viewer-image']);
  await explorer.openItem('main.ts');
  await expect(page.getByTestId('viewer-code')).toBeVisible();
  expect(chunks).toContain('viewer-code');
  expect(chunks).not.toContain('preview-markdown');
  expect(chunks.filter((chunk) => chunk.startsWith('viewer-')).sort()).toEqual(['viewer-code', 'viewer-image']);
  await page.getByTestId('preview-link').click();
  await page.getByTestId('link-create').click();
  await expect(page.getByTestId('link-qr')).toBeVisible();
  expect(chunks).toContain('qr-code');
  expect(chunks).not.toContain('preview-markdown');
  expect(chunks.filter((chunk) => chunk.startsWith('viewer-')).sort()).toEqual(['viewer-code', 'viewer-image']);
});
