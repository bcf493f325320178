// Issue 34: every type the file-viewers layer shows, on the share page (`/file/{slug}`) and in the
// explorer's preview, on a 390 px phone screen, in both languages and both themes; plus an entry
// opened inside an archive, an SVG whose script must not run, and a damaged .docx that falls back to
// the download with its reason. The files are the viewers' own fixture samples
// (file-viewers/fixtures/*.mjs `e2eSamples`), generated in memory.
import { expect, test, type Page } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { FileViewerFrame, pageOverflow } from '../pages/file-viewer';
import { PublicFilePage } from '../pages/public-file-page';
import { adminToken } from '../support/api';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import {
  FALLBACK_TEXTS,
  PREVIEW_SAMPLES,
  archiveEntrySample,
  damagedDocxSample,
  sampleBytes,
  scriptedSvgSample,
  type E2eSample,
  type UiLanguage,
} from '../support/preview-samples';
import { uploadFile } from '../support/public-api';

const PHONE = { width: 390, height: 844 };

/** The theme's text colour (shared-kernel theme-tokens: LIGHT/DARK_PALETTE.colorText). */
const TEXT_COLOR = { light: 'rgb(31, 35, 40)', dark: 'rgb(230, 237, 243)' } as const;

interface Setting {
  locale: UiLanguage;
  colorScheme: 'light' | 'dark';
}

/**
 * The settings the samples are spread over. A sample is opened on the share page with setting i and
 * in the explorer with setting i + 1: the languages alternate, so every sample is seen in both, and
 * half of all openings are in the dark theme.
 */
const SETTINGS: Setting[] = [
  { locale: 'en-US', colorScheme: 'light' },
  { locale: 'zh-CN', colorScheme: 'dark' },
  { locale: 'en-US', colorScheme: 'dark' },
  { locale: 'zh-CN', colorScheme: 'light' },
];

type Place = 'share page' | 'explorer';

function samplesFor(place: Place, setting: number): E2eSample[] {
  const shift = place === 'share page' ? 0 : 1;
  return PREVIEW_SAMPLES.filter((_, index) => (index + shift) % SETTINGS.length === setting);
}

const api = ExplorerApi.adminForSpecFile();
let mount: Mount;

/** Where a sample lives in the explorer's mount: a folder per fixture module (a video next to its subtitles). */
const folderOf = (module: string) => `${mount.mountPath}/${module}`;

test.beforeAll(async () => {
  mount = await api.createLocalMount(`/${uniqueName('previews')}`);
  const modules = [...new Set(PREVIEW_SAMPLES.map((sample) => sample.module)), 'damaged'];
  for (const module of modules) await api.mkdir(`${folderOf(module)}/`);
  for (const sample of PREVIEW_SAMPLES)
    await api.upload(`${folderOf(sample.module)}/`, sample.name, await sampleBytes(sample), sample.contentType);
  const damaged = damagedDocxSample();
  await api.upload(`${folderOf('damaged')}/`, damaged.name, await sampleBytes(damaged), damaged.contentType);
});

/** Shares a file as the admin (through the API) and opens its page. */
async function openOnSharePage(page: Page, name: string, bytes: Buffer): Promise<FileViewerFrame> {
  const file = await uploadFile(await adminToken(), { name, content: bytes });
  const view = new PublicFilePage(page);
  await view.goto(file.slug);
  return new FileViewerFrame(page, view.preview);
}

/** Opens a file of the mount in the explorer's preview. */
async function openInExplorer(page: Page, folder: string, name: string): Promise<FileViewerFrame> {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(folder, `?preview=${encodeURIComponent(name)}`);
  await expect(explorer.preview).toBeVisible();
  return new FileViewerFrame(page, explorer.preview);
}

async function open(page: Page, place: Place, sample: E2eSample): Promise<FileViewerFrame> {
  return place === 'share page'
    ? openOnSharePage(page, sample.name, await sampleBytes(sample))
    : openInExplorer(page, folderOf(sample.module), sample.name);
}

for (const place of ['share page', 'explorer'] as const) {
  SETTINGS.forEach((setting, index) => {
    test.describe(`${place}, ${setting.locale}, ${setting.colorScheme}, 390 px`, () => {
      test.use({ locale: setting.locale, colorScheme: setting.colorScheme, viewport: PHONE });

      for (const sample of samplesFor(place, index)) {
        test(`shows ${sample.name} (${sample.module})`, async ({ page }) => {
          const viewer = await open(page, place, sample);
          await viewer.expectShows(sample.expectText);
          if (sample.frameText)
            // The HTML page and the e-book chapter are shown in sandboxed frames of their own.
            await expect(
              page.frameLocator('[data-testid="html-frame"], [data-testid="ebook-frame"]').first().getByText(sample.frameText).first(),
            ).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', setting.locale);
          await expect(page.locator('html')).toHaveAttribute('data-theme', setting.colorScheme);
          expect(await viewer.textColor()).toBe(TEXT_COLOR[setting.colorScheme]);
          expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        });
      }
    });
  });
}

test.describe('an entry inside an archive', () => {
  for (const [place, setting] of [
    ['share page', SETTINGS[1]!],
    ['explorer', SETTINGS[0]!],
  ] as const) {
    test.describe(`${place}, ${setting.locale}, ${setting.colorScheme}, 390 px`, () => {
      test.use({ locale: setting.locale, colorScheme: setting.colorScheme, viewport: PHONE });

      test('opens in the same viewers, and back to the listing', async ({ page }) => {
        const { archive, folder, file, expectText } = archiveEntrySample();
        const viewer = await open(page, place, archive);
        await viewer.expectShows(archive.expectText);
        await viewer.openArchiveEntry(folder, file);
        await expect(viewer.archive.getByTestId('file-viewer')).toBeVisible();
        await viewer.expectShows(expectText);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        await viewer.archive.getByTestId('archive-back').click();
        // Back in the folder the entry was opened from.
        await expect(viewer.archive.locator('button[data-kind="file"]', { hasText: file })).toBeVisible();
      });
    });
  }
});

test.describe('an SVG with a script', () => {
  test.use({ locale: 'en-US' });

  for (const place of ['share page', 'explorer'] as const) {
    test(`is shown without running its script or fetching from another origin (${place})`, async ({ page }) => {
      const { svg, marker } = scriptedSvgSample();
      const foreign: string[] = [];
      page.on('request', (request) => {
        // blob: and data: addresses are made by the page itself (the explorer shows a file it read as a blob).
        if (/^(?:blob|data):/.test(request.url())) return;
        const { hostname } = new URL(request.url());
        if (hostname !== '127.0.0.1' && hostname !== 'localhost') foreign.push(request.url());
      });
      page.on('dialog', (dialog) => void dialog.dismiss());
      const viewer = await open(page, place, svg);
      await viewer.expectShows(svg.expectText);
      await page.waitForLoadState('networkidle');
      const ran = await page.evaluate(
        (name) => ({ title: document.title, flag: (window as unknown as Record<string, unknown>)[`__${name.replace(/-/g, '_')}`] }),
        marker,
      );
      expect(ran.title).not.toBe(marker);
      expect(ran.flag).toBeUndefined();
      expect(foreign).toEqual([]);
    });
  }
});

test.describe('a damaged .docx', () => {
  for (const [place, locale] of [
    ['share page', 'en-US'],
    ['explorer', 'zh-CN'],
    ['share page', 'zh-CN'],
    ['explorer', 'en-US'],
  ] as const) {
    test.describe(`${place}, ${locale}`, () => {
      test.use({ locale, viewport: PHONE });

      test('falls back to the download with the reason in one line', async ({ page }) => {
        const damaged = damagedDocxSample();
        const viewer =
          place === 'share page'
            ? await openOnSharePage(page, damaged.name, await sampleBytes(damaged))
            : await openInExplorer(page, folderOf('damaged'), damaged.name);
        await expect(viewer.fallback).toBeVisible({ timeout: 30_000 });
        await expect(viewer.fallback).toHaveAttribute('data-reason', 'damaged');
        await expect(viewer.fallbackReason).toHaveText(FALLBACK_TEXTS[locale].damaged);
        await expect(viewer.fallbackDownload).toContainText(FALLBACK_TEXTS[locale].download);
        await expect(viewer.root).toHaveAttribute('data-viewer', 'fallback');
        await expect(viewer.loading).toHaveCount(0);
        if (place === 'share page') await expect(viewer.fallbackDownload).toHaveAttribute('href', /\/api\/file-download\//);
        else {
          const download = page.waitForEvent('download');
          await viewer.fallbackDownload.click();
          expect((await download).suggestedFilename()).toBe(damaged.name);
        }
      });
    });
  }
});
