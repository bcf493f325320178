import { Client, type ConnectConfig, type SFTPWrapper } from 'ssh2';
import { StorageError } from '../storage-driver';
import { DEFAULT_READY_TIMEOUT_MS, isPrivateKey, type SftpConnectionOptions } from './sftp-connection-options';
import { connectionError } from './sftp-errors';
import { hostKeyProblem as checkHostKey, normaliseFingerprint } from './sftp-host-key';

/**
 * One SSH connection of the SFTP driver with its SFTP channel: password or PEM private-key auth,
 * the host key checked against the pinned fingerprint (sftp-host-key.ts), a handshake timeout.
 * The pool (sftp-pool.ts) shares these between requests.
 */

export interface SftpSession {
  client: Client;
  sftp: SFTPWrapper;
  /** Requests and streams using the session now. */
  active: number;
  closed: boolean;
  idleTimer?: NodeJS.Timeout;
}

function connectConfig(options: SftpConnectionOptions, hostVerifier: (key: Buffer) => boolean): ConnectConfig {
  const secret = options.secret;
  return {
    host: options.host,
    port: options.port,
    username: options.username,
    ...(isPrivateKey(secret) ? { privateKey: secret } : { password: secret }),
    readyTimeout: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
    keepaliveInterval: 10_000,
    keepaliveCountMax: 3,
    hostVerifier,
  };
}

/** Opens one SSH connection with an SFTP channel; the host key must match `hostKeySha256`. */
export function openSftpSession(options: SftpConnectionOptions): Promise<SftpSession> {
  const expected = normaliseFingerprint(options.hostKeySha256);
  return new Promise((resolve, reject) => {
    const client = new Client();
    client.setMaxListeners(0); // one `close` listener per request in flight
    let hostKeyProblem: string | null = null;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      client.end();
      reject(connectionError(options, error, hostKeyProblem));
    };
    client.on('error', fail);
    client.on('close', () => fail(new Error('connection closed during the handshake')));
    client.on('ready', () => {
      client.setNoDelay(true); // small SFTP requests must not wait for Nagle's delayed ACKs
      client.sftp((error, sftp) => {
        if (error) return fail(error);
        if (settled) return;
        settled = true;
        const session: SftpSession = { client, sftp, active: 0, closed: false };
        const markClosed = (): void => {
          session.closed = true;
        };
        client.removeListener('error', fail);
        client.on('error', markClosed);
        client.on('close', markClosed);
        sftp.on('close', markClosed);
        resolve(session);
      });
    });
    const verify = (key: Buffer): boolean => {
      hostKeyProblem = checkHostKey(`${options.host}:${options.port}`, expected, key);
      return hostKeyProblem === null;
    };
    try {
      client.connect(connectConfig(options, verify));
    } catch (error) {
      // ssh2 throws at once for a private key it cannot parse.
      if (settled) return;
      settled = true;
      const message = error instanceof Error ? error.message : String(error);
      reject(
        new StorageError('InvalidArgument', `SFTP ${options.host}:${options.port}: ${message}`, {
          cause: error,
          providerCode: 'BadPrivateKey',
        }),
      );
    }
  });
}
