import { unzip, type Unzipped } from 'fflate';
import { ViewerError } from '../errors';

/**
 * The parts of a zipped document package (OOXML .docx/.xlsx/.pptx, OpenDocument .odt/.ods/.odp,
 * EPUB): read once, asked for by path. Paths are as in the zip, without a leading slash.
 */
export interface PackageParts {
  has(path: string): boolean;
  paths(): string[];
  bytes(path: string): Uint8Array | null;
  /** A part as UTF-8 text (null when absent). */
  text(path: string): string | null;
  /** A part parsed as XML (null when absent; ViewerError damaged when it is not XML). */
  xml(path: string): Document | null;
  /** A part as a Blob with the given type (for object URLs of images). */
  blob(path: string, type?: string): Blob | null;
}

/** Most parts a package may hold, and their sum uncompressed: a zip bomb is refused, not expanded. */
export const MAX_PACKAGE_PARTS = 20_000;
export const MAX_PACKAGE_BYTES = 512 * 1024 * 1024;

/** Unzips a document package off the main thread where the browser allows (fflate's async unzip). */
export async function openPackage(bytes: Uint8Array): Promise<PackageParts> {
  let parts = 0;
  let total = 0;
  const files = await new Promise<Unzipped>((resolve, reject) => {
    unzip(
      bytes,
      {
        filter: (file) => {
          parts += 1;
          total += file.originalSize;
          if (parts > MAX_PACKAGE_PARTS || total > MAX_PACKAGE_BYTES) throw new ViewerError('too-large');
          return true;
        },
      },
      (error, result) =>
        error ? reject(error instanceof ViewerError ? error : new ViewerError('damaged', error.message)) : resolve(result),
    );
  }).catch((error: unknown) => {
    throw error instanceof ViewerError ? error : new ViewerError('damaged', (error as Error)?.message);
  });
  const normalised = new Map<string, Uint8Array>();
  for (const [path, data] of Object.entries(files)) normalised.set(path.replace(/^\/+/, ''), data);
  const decoder = new TextDecoder('utf-8');
  const parts_: PackageParts = {
    has: (path) => normalised.has(path.replace(/^\/+/, '')),
    paths: () => [...normalised.keys()],
    bytes: (path) => normalised.get(path.replace(/^\/+/, '')) ?? null,
    text: (path) => {
      const data = parts_.bytes(path);
      return data ? decoder.decode(data) : null;
    },
    xml: (path) => {
      const text = parts_.text(path);
      if (text === null) return null;
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.getElementsByTagName('parsererror').length > 0) throw new ViewerError('damaged', `${path} is not XML`);
      return doc;
    },
    blob: (path, type) => {
      const data = parts_.bytes(path);
      return data ? new Blob([data as BlobPart], type ? { type } : undefined) : null;
    },
  };
  return parts_;
}

/** Resolves a relationship target against the part that names it ("word/document.xml" + "media/a.png"). */
export function resolvePartPath(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const base = from.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(segment);
  }
  return base.join('/');
}

/** The image type of a part by its extension (for Blobs of embedded pictures). */
export function imageTypeOf(path: string): string {
  const ext = path.toLowerCase().split('.').pop() ?? '';
  return (
    {
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      bmp: 'image/bmp',
      svg: 'image/svg+xml',
      webp: 'image/webp',
      tif: 'image/tiff',
      tiff: 'image/tiff',
      emf: 'image/emf',
      wmf: 'image/wmf',
    }[ext] ?? 'application/octet-stream'
  );
}
