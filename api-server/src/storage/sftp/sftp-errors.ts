import { StorageError } from '../storage-driver';
import type { SftpConnectionOptions } from './sftp-connection-options';

/** SSH connection failures and SFTP status codes as StorageErrors. */

export function connectionError(options: SftpConnectionOptions, error: unknown, hostKeyProblem: string | null): StorageError {
  if (hostKeyProblem) return new StorageError('AccessDenied', hostKeyProblem, { cause: error, providerCode: 'HostKeyMismatch' });
  const message = error instanceof Error ? error.message : String(error);
  const level = (error as { level?: string } | null)?.level;
  if (level === 'client-authentication') {
    return new StorageError('AccessDenied', `SFTP ${options.username}@${options.host}:${options.port}: authentication failed`, {
      cause: error,
      providerCode: 'AuthFailed',
    });
  }
  if (/timed out/i.test(message)) {
    return new StorageError('Unavailable', `SFTP ${options.host}:${options.port} did not answer in time (${message})`, {
      cause: error,
      providerCode: 'Timeout',
    });
  }
  return new StorageError('Unavailable', `SFTP ${options.host}:${options.port}: ${message}`, { cause: error });
}

/** SFTP status codes (draft-ietf-secsh-filexfer-02). */
export const SFTP_NO_SUCH_FILE = 2;
export const SFTP_PERMISSION_DENIED = 3;
export const SFTP_FAILURE = 4;

export function sftpStatus(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Maps an SFTP failure to a StorageError (StorageErrors pass through). */
export function sftpError(error: unknown, what: string): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  switch (sftpStatus(error)) {
    case SFTP_NO_SUCH_FILE:
      return new StorageError('NoSuchKey', `No such object: ${what}`, { cause: error });
    case SFTP_PERMISSION_DENIED:
      return new StorageError('AccessDenied', `SFTP permission denied: ${what}`, { cause: error });
    case undefined:
      return new StorageError('Unavailable', `SFTP ${what}: ${message}`, { cause: error });
    default:
      return new StorageError('Unknown', `SFTP ${what}: ${message}`, { cause: error });
  }
}
