/**
 * A real OpenSSH server for the SFTP driver's tests: `/usr/sbin/sshd -D -e` as the current user
 * (root in this container; a non-root user works too) on a free loopback port, with a throwaway
 * ed25519 host key, one throwaway client key in a temporary authorized_keys, key auth only (password
 * auth needs root/PAM), `internal-sftp`. `pause()` and `stop()` signal sshd and every process below
 * it (the per-connection children too).
 *
 * The implementation is shared with the end-to-end harness: scripts/remote-storage-servers.cjs.
 */
import { freePort, startSshd as startSharedSshd, type SshdHandle } from '../../../scripts/remote-storage-servers.cjs';

export { freePort, type SshdHandle };

/** sshd in a process group of its own (a signal to jest's group does not reach it). */
export function startSshd(): Promise<SshdHandle> {
  return startSharedSshd({ detached: true });
}
