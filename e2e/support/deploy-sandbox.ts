// A private deployment for the release/pin tests: its own release store and environment folder,
// and its own gateway process (DEPLOY_ENV=sandbox) in front of the suite's real api-server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
const REMOTES = {
  cloudclip_public: 'mfe-public',
  cloudclip_upload: 'mfe-upload',
  cloudclip_admin: 'mfe-admin',
  cloudclip_explorer: 'mfe-explorer',
} as const;

export interface CliResult {
  code: number;
  output: string;
}

export class DeploySandbox {
  readonly root = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-deploy-e2e-'));
  readonly store = path.join(this.root, 'releases');
  readonly environments = path.join(this.root, 'environments');
  private gateway: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly apiPort: number,
  ) {
    mkdirSync(this.environments, { recursive: true });
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private env(): NodeJS.ProcessEnv {
    return { ...process.env, RELEASE_STORE: this.store, ENVIRONMENTS_DIR: this.environments, PIN_USER: 'e2e' };
  }

  /** Runs a deploy command (deploy/scripts/<script>) the way an operator would. */
  cli(script: 'release.mjs' | 'pins.mjs', args: string[]): CliResult {
    const result = spawnSync('node', [path.join(repoRoot, 'deploy/scripts', script), ...args], {
      cwd: repoRoot,
      env: this.env(),
      encoding: 'utf8',
    });
    return { code: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
  }

  /** Releases a built folder (default: the package's dist) under a version, without building. */
  release(pkg: string, version: string, from = path.join(repoRoot, pkg, 'dist')): CliResult {
    return this.cli('release.mjs', [pkg, '--no-build', '--from', from, '--version', version]);
  }

  /** Releases the host and every remote (their dist folders) under one version; one result each. */
  releaseAll(version: string): Array<CliResult & { pkg: string }> {
    return ['host-shell', ...Object.values(REMOTES)].map((pkg) => ({ pkg, ...this.release(pkg, version) }));
  }

  /** A copy of a package's build with every occurrence of `find` replaced in its JS files. */
  variantOf(pkg: string, name: string, edit: (file: string, text: string) => string): string {
    const dir = path.join(this.root, 'builds', `${pkg}-${name}`);
    cpSync(path.join(repoRoot, pkg, 'dist'), dir, { recursive: true });
    for (const file of readdirSync(dir)) {
      if (!/\.(js|json)$/.test(file)) continue;
      const full = path.join(dir, file);
      const text = readFileSync(full, 'utf8');
      const changed = edit(file, text);
      if (changed === text) continue;
      writeFileSync(full, changed);
      // A real build writes the Brotli copy of what it wrote; so does this one.
      if (existsSync(`${full}.br`)) writeFileSync(`${full}.br`, brotliCompressSync(Buffer.from(changed)));
    }
    return dir;
  }

  /** The sandbox environment: host and every remote at `version` (all must be released). */
  writeEnvironment(version: string): void {
    const remotes = Object.fromEntries(Object.entries(REMOTES).map(([container, pkg]) => [container, { package: pkg, version }]));
    writeFileSync(
      path.join(this.environments, 'sandbox.json'),
      `${JSON.stringify({ name: 'sandbox', backendUrl: '', host: { package: 'host-shell', version }, remotes }, null, 2)}\n`,
    );
  }

  environment(): { host: { version: string }; remotes: Record<string, { version: string }> } {
    return JSON.parse(readFileSync(path.join(this.environments, 'sandbox.json'), 'utf8'));
  }

  storeFile(pkg: string, version: string, file: string): string {
    return path.join(this.store, pkg, version, file);
  }

  /** Starts the sandbox gateway; after stopGateway() it starts again on the same port. */
  async startGateway(): Promise<void> {
    if (this.running) return;
    const gateway = spawn('node', [path.join(repoRoot, 'deploy/gateway/server.mjs')], {
      cwd: repoRoot,
      env: { ...this.env(), DEPLOY_ENV: 'sandbox', PORT: String(this.port), API_PORT: String(this.apiPort), WORKSPACE_BUILDS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.gateway = gateway;
    let log = '';
    gateway.stdout?.on('data', (chunk) => (log += chunk));
    gateway.stderr?.on('data', (chunk) => (log += chunk));
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && gateway.exitCode === null) {
      try {
        if ((await fetch(`${this.baseURL}/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`The sandbox gateway did not start:\n${log}`);
  }

  /** Whether the gateway process runs (started and not exited). */
  get running(): boolean {
    return this.gateway !== null && this.gateway.exitCode === null && this.gateway.signalCode === null;
  }

  /**
   * Stops the gateway (SIGTERM, SIGKILL after 5 s) and waits until the process has exited and the
   * port refuses connections: the browser's next request to the sandbox fails as it does offline.
   */
  async stopGateway(): Promise<void> {
    const gateway = this.gateway;
    if (!gateway || !this.running) return;
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    const killer = setTimeout(() => gateway.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      try {
        await fetch(`${this.baseURL}/healthz`);
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Port ${this.port} still answers after the sandbox gateway stopped`);
  }

  get gatewayPid(): number | undefined {
    return this.gateway?.pid;
  }

  async dispose(): Promise<void> {
    await this.stopGateway();
    rmSync(this.root, { recursive: true, force: true });
  }
}
