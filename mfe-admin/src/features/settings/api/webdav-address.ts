/** Where the api-server serves WebDAV, below the backend's base address (the gateway proxies it like `/api`). */
export const WEBDAV_PATH = '/dav/';

/**
 * The WebDAV address a file manager connects to: the backend's base address (`kernel.config.baseUrl`,
 * the page's origin unless a backend address is configured) plus `/dav/`, made absolute against
 * the page's address so a relative base still gives a URL one can paste into Finder or rclone.
 */
export function webdavAddress(baseUrl: string, pageUrl: string): string {
  return new URL(`${baseUrl.replace(/\/+$/, '')}${WEBDAV_PATH}`, pageUrl).href;
}
