import { formatBytes } from '@cloudclip/shared-kernel';

/** "1.5 MB/s"; empty while nothing has been measured yet. */
export function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond > 0 ? `${formatBytes(bytesPerSecond)}/s` : '';
}

/** Absolute address of a page of the web client (share links, QR codes). */
export function pageUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

/** Web-client path of a file share. */
export function filePath(slug: string): string {
  return `/file/${encodeURIComponent(slug)}`;
}
