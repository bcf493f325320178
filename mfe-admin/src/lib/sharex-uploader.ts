import { downloadText } from '@cloudclip/shared-kernel';

/**
 * A ShareX custom uploader (`.sxcu`) for one API key: ShareX sends each capture or file as the raw
 * body of `PUT /api/upload-direct/{filename}` with the key in `Authorization`, and reads the share
 * slug from the answer (`data.slug`) to build the link it copies: the file's share page.
 */
export interface SharexUploader {
  Version: string;
  Name: string;
  DestinationType: string;
  RequestMethod: 'PUT';
  RequestURL: string;
  Headers: { Authorization: string };
  Body: 'Binary';
  URL: string;
  ThumbnailURL: string;
  ErrorMessage: string;
}

/** The custom-uploader format version this file is written for (ShareX 15 reads it). */
export const SHAREX_VERSION = '15.0.0';

/**
 * The uploader for `key`. `baseUrl` is the backend's base address (`kernel.config.baseUrl`, maybe
 * relative or with a path), `pageUrl` the admin page's address: the share page (`/file/<slug>`)
 * lives on the site the page was opened from, the upload and the thumbnail go to the backend.
 */
export function sharexUploader({ baseUrl, pageUrl, key }: { baseUrl: string; pageUrl: string; key: string }): SharexUploader {
  const site = new URL(pageUrl);
  const api = new URL(`${baseUrl.replace(/\/+$/, '')}/`, pageUrl).href.replace(/\/+$/, '');
  return {
    Version: SHAREX_VERSION,
    Name: `Cloudclip (${site.host})`,
    DestinationType: 'ImageUploader, FileUploader',
    RequestMethod: 'PUT',
    RequestURL: `${api}/api/upload-direct/{filename}`,
    Headers: { Authorization: `ApiKey ${key}` },
    Body: 'Binary',
    URL: `${site.origin}/file/{json:data.slug}`,
    // Shares are served through the backend's proxy by default: the image itself, for ShareX's preview.
    ThumbnailURL: `${api}/api/file-view/{json:data.slug}`,
    ErrorMessage: '{json:message}',
  };
}

/** The file's name: `cloudclip-<host>.sxcu` (the port kept, `:` replaced so every system accepts it). */
export function sharexFileName(pageUrl: string): string {
  return `cloudclip-${new URL(pageUrl).host.replace(/[^A-Za-z0-9.-]/g, '-')}.sxcu`;
}

/** The file's text: the uploader as indented JSON, as ShareX writes it itself. */
export function sharexFileText(uploader: SharexUploader): string {
  return `${JSON.stringify(uploader, null, 2)}\n`;
}

/**
 * Offers the browser the `.sxcu` file of `key` (the key holder's settings, the admin's key table),
 * for the backend at `baseUrl` and the site of the current page.
 */
export function downloadSharexUploader(baseUrl: string, key: string, pageUrl: string = window.location.href): void {
  downloadText(sharexFileName(pageUrl), sharexFileText(sharexUploader({ baseUrl, pageUrl, key })), 'application/json;charset=utf-8');
}
