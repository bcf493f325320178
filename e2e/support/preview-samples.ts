// The files the preview e2e tests open: every viewer's fixture samples (file-viewers/fixtures/*.mjs,
// gathered by fixtures/index.mjs), made in memory by the fixture generators — nothing binary is
// committed. Also the cases beyond "shows its content": an entry inside an archive, an SVG with a
// script, a damaged .docx.
import { allSamples, archiveEntry, damagedDocument, svgScriptMarker, type E2eSample } from '../../file-viewers/fixtures/index.mjs';

export type { E2eSample };

/** Every sample of every viewer, in a stable order (module, then its own order). */
export const PREVIEW_SAMPLES: readonly E2eSample[] = allSamples;

/** A sample's bytes as a Buffer (the upload helpers take Buffers). */
export async function sampleBytes(sample: Pick<E2eSample, 'bytes'>): Promise<Buffer> {
  return Buffer.from(await sample.bytes());
}

/** A sample of a module by its file name ending (`.zip`), or an error naming what is missing. */
export function sampleOf(module: string, ending: string): E2eSample {
  const found = PREVIEW_SAMPLES.find((sample) => sample.module === module && sample.name.endsWith(ending));
  if (!found) throw new Error(`file-viewers/fixtures/${module}.mjs has no e2e sample ending in ${ending}`);
  return found;
}

/** The zip sample and the entry to open inside it (archive.mjs `e2eEntry`). */
export function archiveEntrySample(): { archive: E2eSample; folder: string; file: string; expectText: string } {
  if (!archiveEntry) throw new Error('file-viewers/fixtures/archive.mjs exports no e2eEntry');
  return { archive: sampleOf('archive', '.zip'), ...archiveEntry };
}

/** The SVG whose script must not run, and what the script would have written. */
export function scriptedSvgSample(): { svg: E2eSample; marker: string } {
  if (!svgScriptMarker) throw new Error('file-viewers/fixtures/media.mjs exports no SVG_SCRIPT_MARKER');
  return { svg: sampleOf('media', '.svg'), marker: svgScriptMarker };
}

/** The damaged .docx (document.mjs `e2eDamaged`). */
export function damagedDocxSample(): { name: string; contentType: string; bytes: () => Uint8Array | Promise<Uint8Array> } {
  if (!damagedDocument) throw new Error('file-viewers/fixtures/document.mjs exports no e2eDamaged');
  return damagedDocument;
}

/** The layer's one-line reasons (file-viewers/src/i18n/resources.ts `fallback.*`) the tests expect. */
export const FALLBACK_TEXTS = {
  'en-US': {
    damaged: 'The file is damaged or not in the format its name says, so it cannot be previewed.',
    download: 'Download',
  },
  'zh-CN': {
    damaged: '文件已损坏或格式不正确，无法预览。',
    download: '下载',
  },
} as const;

export type UiLanguage = keyof typeof FALLBACK_TEXTS;
