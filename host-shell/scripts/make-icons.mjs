// Renders the Cloudclip logo (the clipboard of shared-kernel/build/index.html) into the PNG icons of
// the installed app: the web app manifest's icons and shortcut icons (deploy/gateway/app-manifest.mjs)
// and the Apple touch icon of the host page. The PNGs are committed; run this again after changing
// the drawing:
//
//   node host-shell/scripts/make-icons.mjs
//
// Drawn by Debian Chromium through playwright-core (e2e's dependency), so no image library is needed.
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, '../public/icons');

/** The theme's primary blue (shared-kernel/src/theme/theme-tokens.ts LIGHT_PALETTE.colorPrimary) and a darker one for the clip. */
const BLUE = '#2563eb';
const DARK_BLUE = '#1d4ed8';
const WHITE = '#ffffff';

// Shapes in a 24 × 24 box centred on (12, 12), like the page's logo.
const board = `<rect x="5" y="4" width="14" height="17" rx="2.5" fill="${WHITE}"/>`;
const clip = `<rect x="8.6" y="1.8" width="6.8" height="4.4" rx="1.4" fill="${DARK_BLUE}" stroke="${WHITE}" stroke-width="1.1"/>`;
const lines = `<path d="M8.5 11h7M8.5 15h5" stroke="${BLUE}" stroke-width="2" stroke-linecap="round" fill="none"/>`;
const plus = `<path d="M12 9.5v8M8 13.5h8" stroke="${BLUE}" stroke-width="2.2" stroke-linecap="round" fill="none"/>`;
const upload = `<path d="M12 17V6.5M7.5 11 12 6.5l4.5 4.5M5.5 20h13" stroke="${WHITE}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;

const logo = `${board}${clip}${lines}`;

/** `shapes` scaled by `scale` around the centre. */
const centred = (shapes, scale) => `<g transform="translate(12 12) scale(${scale}) translate(-12 -12)">${shapes}</g>`;

/** A blue tile with rounded corners and a transparent margin (icons shown as they are). */
const tile = (shapes) => `<rect x="1" y="1" width="22" height="22" rx="5" fill="${BLUE}"/>${centred(shapes, 0.7)}`;

/** Blue to every edge, the drawing inside the central 80 % circle that every mask keeps. */
const fullBleed = (shapes, scale) => `<rect width="24" height="24" fill="${BLUE}"/>${centred(shapes, scale)}`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: tile(logo) },
  { file: 'icon-512.png', size: 512, svg: tile(logo) },
  // The logo spans 20 of 24 units; at 0.6 it fits a circle of 0.8 × 24 units (diagonal included).
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(logo, 0.6) },
  // iOS rounds the corners itself and shows transparency as black: blue to the edges.
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(logo, 0.7) },
  { file: 'shortcut-paste-96.png', size: 96, svg: fullBleed(`${board}${clip}${plus}`, 0.62) },
  { file: 'shortcut-upload-96.png', size: 96, svg: fullBleed(upload, 0.68) },
];

function loadChromium() {
  const fromE2e = createRequire(path.join(here, '../../e2e/package.json'));
  try {
    return fromE2e('playwright-core').chromium;
  } catch {
    return createRequire(fromE2e.resolve('@playwright/test'))('playwright-core').chromium;
  }
}

const browser = await loadChromium().launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir(outDir, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${icon.size}" height="${icon.size}">${icon.svg}</svg>`;
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    const png = await page.screenshot({ type: 'png', omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await writeFile(path.join(outDir, icon.file), png);
    await page.close();
    console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
