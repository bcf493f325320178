/**
 * A real WebDAV server for storage tests: Debian's `rclone serve webdav` over a temporary folder,
 * on 127.0.0.1 and a port rclone picks (`:0`; the URL is read from its log), with a user and a
 * password. `stop()` ends the process and removes the folder.
 *
 * The implementation is shared with the end-to-end harness: scripts/remote-storage-servers.cjs.
 */
export {
  RCLONE_BINARY,
  startRcloneWebDav,
  type RcloneWebDavHandle,
  type RcloneWebDavOptions,
} from '../../../scripts/remote-storage-servers.cjs';
