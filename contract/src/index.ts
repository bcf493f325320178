/**
 * @cloudclip/contract — the HTTP contract (../shared/api-contract.md) as code, one copy for the
 * api-server and the web client: request and response types, the rules both sides check (link
 * suffixes, mount paths, file-system paths) and the constants they agree on. It depends on nothing;
 * the kernel re-exports it for the apps, and the api-server imports it (compiled to `dist/` for Node).
 * A type changed here is a compile error on both sides.
 */

// Wire types of each endpoint group
export * from './api/api-key';
export * from './api/auth';
export * from './api/backup';
export * from './api/common';
export * from './api/dav-locks';
export * from './api/file';
export * from './api/fs';
export * from './api/fs-search';
export * from './api/mount';
export * from './api/paste';
export * from './api/s3-config';
export * from './api/search';
export * from './api/system';
export * from './api/url-upload';

// Rules and constants
export * from './rules/deep-freeze';
export * from './rules/fs-path';
export * from './rules/mount';
export * from './rules/paste-envelope';
export * from './rules/paste-tags';
export * from './rules/settings';
export * from './rules/share-remark';
export * from './rules/slug';
