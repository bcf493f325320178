// Types of remote-storage-servers.cjs (the real WebDAV and SFTP servers of the storage tests).

export declare const RCLONE_BINARY: string;
export declare const SSHD_BINARY: string;

/** A loopback port that was free a moment ago (nothing listens on it once this resolves). */
export declare function freePort(): Promise<number>;

export interface RcloneWebDavOptions {
  /** The port to listen on; by default one rclone picks. */
  port?: number;
  username?: string;
  password?: string;
  /** More `rclone serve webdav` flags (e.g. `--dir-cache-time 1s`). */
  extraArgs?: string[];
}

export interface RcloneWebDavHandle {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  username: string;
  password: string;
  /** The folder rclone serves. */
  rootDir: string;
  /** Ends rclone and removes its folders. */
  stop(): Promise<void>;
}

/** `rclone serve webdav` on 127.0.0.1 over a temporary folder, with a user and a password. */
export declare function startRcloneWebDav(options?: RcloneWebDavOptions): Promise<RcloneWebDavHandle>;

export interface SshdOptions {
  /** The port to listen on; by default a free one. */
  port?: number;
  /** Starts sshd in a process group of its own. */
  detached?: boolean;
}

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
  /** Kills sshd and its sessions and removes its keys and folders. */
  stop(): Promise<void>;
}

/** OpenSSH's sshd as the current user on 127.0.0.1, key auth only, internal-sftp. */
export declare function startSshd(options?: SshdOptions): Promise<SshdHandle>;

/** What a storage config needs of a running server (a handle, or the details the e2e launcher wrote). */
export type WebDavServerDetails = Pick<RcloneWebDavHandle, 'url' | 'username' | 'password'>;
export type SftpServerDetails = Pick<SshdHandle, 'host' | 'port' | 'username' | 'privateKey' | 'hostKeySha256' | 'dataDir'>;

/** The `POST /api/s3-configs` body of a storage on an rclone WebDAV server, in its folder `baseFolder`. */
export declare function webDavStorageConfig(server: WebDavServerDetails, name: string, baseFolder: string): Record<string, string>;

/** The `POST /api/s3-configs` body of a storage on an sshd, in `<dataDir>/<subFolder>` (key auth, host key pinned). */
export declare function sftpStorageConfig(server: SftpServerDetails, name: string, subFolder: string): Record<string, string>;

/** What a storage config needs of a running s3rver (its handle, or the details a fault test knows). */
export interface S3ServerDetails {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The `POST /api/s3-configs` body of a public storage on an s3rver bucket (path-style addressing, us-east-1). */
export declare function s3StorageConfig(server: S3ServerDetails, name: string): Record<string, string | boolean>;
