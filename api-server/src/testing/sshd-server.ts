import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * A real OpenSSH server for the SFTP driver's tests: `/usr/sbin/sshd -D -e` as the current user
 * (root in this container; a non-root user works too) on a free loopback port, with a throwaway ed25519 host key, one throwaway client key
 * in a temporary authorized_keys, key auth only (password auth needs root/PAM), `internal-sftp`.
 * `pause()` and `stop()` signal sshd and every process below it (the per-connection children too).
 */
export interface SshdHandle {
  host: string;
  port: number;
  username: string;
  /** The client's private key (OpenSSH PEM). */
  privateKey: string;
  /** `SHA256:…` of the host key, as `ssh-keygen -l` prints it. */
  hostKeySha256: string;
  /** A folder the user may write (the tests' base folder). */
  dataDir: string;
  /** SIGSTOP the server and its sessions (a server that stops answering). */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** Every process below `root` (from /proc). */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // exited meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** A loopback port that was free a moment ago (nothing listens on it once this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sshd did not listen on ${port}: ${log()}`);
}

export async function startSshd(): Promise<SshdHandle> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cloudclip-sshd-'));
  const hostKey = path.join(dir, 'host_ed25519');
  const clientKey = path.join(dir, 'client_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', clientKey]);
  const authorizedKeys = path.join(dir, 'authorized_keys');
  writeFileSync(authorizedKeys, readFileSync(`${clientKey}.pub`));
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`], { encoding: 'utf8' }).split(' ')[1] ?? '';
  const dataDir = path.join(dir, 'data');
  execFileSync('mkdir', ['-p', dataDir]);
  // sshd started by root (containers run the tests as root) insists on its privilege separation
  // folder, which Debian's init script would create: create it the same way (an empty tmpfs folder).
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { mode: 0o755 });
  const port = await freePort();
  const config = path.join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  let log = '';
  const child = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', config], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  });
  // sshd's per-connection processes start sessions of their own (setsid): signal the whole tree.
  const signalGroup = (signal: NodeJS.Signals): void => {
    if (!child.pid) return;
    for (const pid of [child.pid, ...descendants(child.pid)]) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  try {
    await waitForPort(port, child, () => log);
  } catch (error) {
    signalGroup('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    username: userInfo().username,
    privateKey: readFileSync(clientKey, 'utf8'),
    hostKeySha256: fingerprint,
    dataDir,
    pause: () => signalGroup('SIGSTOP'),
    resume: () => signalGroup('SIGCONT'),
    async stop() {
      signalGroup('SIGCONT');
      signalGroup('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
