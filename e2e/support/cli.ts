import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The built command line (`pnpm build`, or `pnpm --filter @cloudclip/cli build`). */
export const CLI_BUNDLE = path.resolve(__dirname, '../../cli/dist/cloudclip.mjs');

export interface CliResult {
  /** Exit status (null only if a signal ended it). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliEnvironment {
  /** CLOUDCLIP_SERVER (none: not set, the saved login's server is used). */
  server?: string;
  /** CLOUDCLIP_KEY (none: not set). */
  key?: string;
  /** CLOUDCLIP_CONFIG_DIR, also HOME and XDG_CONFIG_HOME, so nothing of the machine's own settings is read. */
  configDir: string;
  /** LANG (en_US.UTF-8 unless given). */
  lang?: string;
}

/**
 * Runs `node cli/dist/cloudclip.mjs <args>` as a user would in a script: a fresh environment (no
 * LC_ALL / LC_MESSAGES of the runner, only LANG), stdin a pipe that gets `input` and is closed (so it
 * is never a terminal and nothing is asked), and a time limit after which the run fails the test
 * with what it printed so far.
 */
export function runCli(
  args: string[],
  environment: CliEnvironment,
  { input, timeoutMs = 30_000 }: { input?: string | Buffer; timeoutMs?: number } = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: environment.configDir,
    XDG_CONFIG_HOME: environment.configDir,
    CLOUDCLIP_CONFIG_DIR: environment.configDir,
    LANG: environment.lang ?? 'en_US.UTF-8',
    NO_COLOR: '1',
  };
  if (environment.server !== undefined) env.CLOUDCLIP_SERVER = environment.server;
  if (environment.key !== undefined) env.CLOUDCLIP_KEY = environment.key;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [CLI_BUNDLE, ...args],
      { env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error && (error as { killed?: boolean }).killed) {
          reject(new Error(`cloudclip ${args.join(' ')} took longer than ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
          return;
        }
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** The lines of `text` that are not empty. */
export function lines(text: string): string[] {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/** sha256 of a file, read as a stream. */
export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** A local port nobody listens on: taken from the system, then given back. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
