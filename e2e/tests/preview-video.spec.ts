// Issue 34, media: a real video (recorded by Chromium itself from a canvas, so nothing binary is in
// the repository) plays in the share page's player, and in the explorer the subtitles that sit next
// to it (`movie.en.srt`, SubRip converted to WebVTT in the browser; `movie.zh-CN.vtt`) are attached
// as tracks whose cues the player reads; a subtitle of another video is not.
import { expect, test, type Browser } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { PublicFilePage } from '../pages/public-file-page';
import { adminToken } from '../support/api';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import { uploadFile } from '../support/public-api';
import { srtSubtitles, vttSubtitles } from '../../file-viewers/fixtures/media.mjs';

const PHONE = { width: 390, height: 844 };

/** A ~1.5 s 160×120 WebM recorded by Chromium's MediaRecorder from an animated canvas. */
async function recordWebm(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  try {
    await page.setContent('<canvas width="160" height="120"></canvas>');
    const base64 = await page.evaluate(async () => {
      const canvas = document.querySelector('canvas')!;
      const context = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(100);
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const frame = () => {
          const t = performance.now() - started;
          context.fillStyle = `hsl(${Math.round(t / 5) % 360} 70% 50%)`;
          context.fillRect(0, 0, 160, 120);
          if (t < 1500) requestAnimationFrame(frame);
          else resolve();
        };
        frame();
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    return Buffer.from(base64, 'base64');
  } finally {
    await page.close();
  }
}

let video: Buffer;
const api = ExplorerApi.adminForSpecFile();
let mount: Mount;

test.beforeAll(async ({ browser }) => {
  video = await recordWebm(browser);
  mount = await api.createLocalMount(`/${uniqueName('video')}`);
  const folder = `${mount.mountPath}/`;
  await api.upload(folder, 'movie.webm', video, 'video/webm');
  await api.upload(folder, 'movie.en.srt', Buffer.from(srtSubtitles()), 'application/x-subrip');
  await api.upload(folder, 'movie.zh-CN.vtt', Buffer.from(vttSubtitles()), 'text/vtt');
  await api.upload(folder, 'other.vtt', Buffer.from(vttSubtitles()), 'text/vtt');
});

test.describe('a video on the share page', () => {
  test.use({ locale: 'en-US', viewport: PHONE, colorScheme: 'dark' });

  test('plays in the page player from its preview address', async ({ page }) => {
    const file = await uploadFile(await adminToken(), { name: 'movie.webm', content: video });
    const view = new PublicFilePage(page);
    await view.goto(file.slug);
    await expect(view.preview).toHaveAttribute('data-kind', 'video');
    const player = page.getByTestId('preview-video');
    await expect(player).toBeVisible();
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && element.videoWidth)).toBe(160);
    await expect(page.getByTestId('preview-media-details')).toContainText('160');
    await expect(page.getByTestId('viewer-fallback')).toHaveCount(0);
  });
});

test.describe('a video in the explorer', () => {
  test.use({ locale: 'zh-CN', viewport: PHONE });

  test('gets the subtitles beside it as tracks, SubRip converted, the other video’s left out', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.seedCredential({ adminToken: api.credential });
    await explorer.open(mount.mountPath, '?preview=movie.webm');
    const player = page.getByTestId('preview-video');
    await expect(player).toBeVisible();
    const tracks = player.getByTestId('preview-subtitle');
    await expect(tracks).toHaveCount(2);
    await expect(tracks.nth(0)).toHaveAttribute('srclang', 'en');
    await expect(tracks.nth(1)).toHaveAttribute('srclang', 'zh-CN');
    await expect(page.getByTestId('preview-subtitles-note')).toBeVisible();
    // The player parsed the converted SubRip: its cues carry the text.
    await expect
      .poll(() =>
        player.evaluate((element: HTMLVideoElement) => {
          const track = element.textTracks[0];
          if (!track) return null;
          track.mode = 'hidden';
          return track.cues && track.cues.length > 0 ? (track.cues[0] as VTTCue).text : null;
        }),
      )
      .toBe('Hello from the subtitles');
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.videoWidth)).toBe(160);
  });
});
