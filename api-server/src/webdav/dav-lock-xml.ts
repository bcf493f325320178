/**
 * The XML of WebDAV locks in responses (RFC 4918 §14): DAV:lockdiscovery of the active locks, the
 * LOCK response body, and DAV:supportedlock. A LOCK request body is read in dav-xml-requests.ts.
 */
import { XML_DECLARATION } from './dav-xml-responses';
import { elementXml, escapeXml } from './dav-xml-serialize';

/** What DAV:lockdiscovery shows of one active lock. */
export interface ActiveLockView {
  token: string;
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  /** The owner's content: a content tail (serializeContent) or content stored by earlier versions. */
  ownerXml: string | null;
  timeoutSeconds: number;
  rootHref: string;
}

/**
 * Inner XML of DAV:lockdiscovery for these locks. It uses the prefix D, so it goes inside a body
 * that binds D to DAV: (multistatus, lockResponseBody).
 */
export function lockDiscoveryXml(locks: ActiveLockView[]): string {
  return locks
    .map((lock) => {
      const timeout = Number.isFinite(lock.timeoutSeconds) ? `Second-${Math.max(0, Math.floor(lock.timeoutSeconds))}` : 'Infinite';
      return [
        '<D:activelock>',
        '<D:locktype><D:write/></D:locktype>',
        `<D:lockscope><D:${lock.scope}/></D:lockscope>`,
        `<D:depth>${lock.depth}</D:depth>`,
        lock.ownerXml === null ? '' : elementXml('D:owner', '', lock.ownerXml),
        `<D:timeout>${timeout}</D:timeout>`,
        `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>`,
        `<D:lockroot><D:href>${escapeXml(lock.rootHref)}</D:href></D:lockroot>`,
        '</D:activelock>',
      ].join('');
    })
    .join('');
}

/** The LOCK response body: D:prop holding the resource's D:lockdiscovery. */
export function lockResponseBody(locks: ActiveLockView[]): string {
  return `${XML_DECLARATION}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${lockDiscoveryXml(locks)}</D:lockdiscovery></D:prop>\n`;
}

/** Inner XML of DAV:supportedlock: exclusive write and shared write locks. */
export const SUPPORTED_LOCK_XML =
  '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
  '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>';
