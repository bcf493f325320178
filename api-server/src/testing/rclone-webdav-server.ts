import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real WebDAV server for storage tests: Debian's `rclone serve webdav` over a temporary folder,
 * on 127.0.0.1 and a port rclone picks (`:0`; the URL is read from its log), with a user and a
 * password. `stop()` ends the process and removes the folder.
 */

export const RCLONE_BINARY = process.env.RCLONE_BINARY ?? '/usr/bin/rclone';

export interface RcloneWebDavHandle {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  username: string;
  password: string;
  /** The folder rclone serves. */
  rootDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startRcloneWebDav(
  options: { username?: string; password?: string; extraArgs?: string[] } = {},
): Promise<RcloneWebDavHandle> {
  const username = options.username ?? 'cloudclip';
  const password = options.password ?? 'webdav-test-password';
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-rclone-'));
  const rootDir = path.join(workDir, 'root');
  mkdirSync(rootDir);
  const child = spawn(
    RCLONE_BINARY,
    [
      'serve',
      'webdav',
      rootDir,
      '--addr',
      '127.0.0.1:0',
      '--user',
      username,
      '--pass',
      password,
      '--config',
      path.join(workDir, 'rclone.conf'),
      ...(options.extraArgs ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`rclone serve webdav did not start in 15 s:\n${log}`)), 15_000);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log += chunk;
      const match = /started on (?:\[)?(http:\/\/127\.0\.0\.1:\d+\/)/.exec(log);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`rclone serve webdav exited with ${code}:\n${log}`));
    });
  });
  child.stderr?.resume();
  return {
    url,
    username,
    password,
    rootDir,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
