import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

/**
 * End-to-end tests against the real product: the built host and remotes served by the gateway,
 * the api-server on a fresh SQLite database, Debian's Chromium. Nothing is mocked.
 * Build first (`pnpm build`); `pnpm test` does.
 */
const repoRoot = path.resolve(__dirname, '..');
export const API_PORT = Number(process.env.E2E_API_PORT ?? 18787);
export const GATEWAY_PORT = Number(process.env.E2E_PORT ?? 18080);
export const BROKEN_GATEWAY_PORT = GATEWAY_PORT + 1;
/** Private sandbox gateways of the deploy specs (started by the specs themselves, DeploySandbox). */
export const PINS_SANDBOX_PORT = GATEWAY_PORT + 2;
export const APP_SANDBOX_PORT = GATEWAY_PORT + 3;
export const ADMIN = { username: 'e2e-admin', password: 'e2e-Password-123' };
/** s3rver (a real S3 endpoint) for the storage-config tests of the admin panel. */
export const S3RVER_PORT = Number(process.env.E2E_S3RVER_PORT ?? 18790);
export const S3RVER = {
  endpoint: `http://127.0.0.1:${S3RVER_PORT}`,
  bucket: 'e2e-bucket',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};
const dataDir = path.join(os.tmpdir(), `cloudclip-e2e-${process.pid}`);
/** rclone serve webdav and sshd (real WebDAV and SFTP servers) of the storage-driver specs: e2e/support/storage-servers.ts. */
export const WEBDAV_PORT = Number(process.env.E2E_WEBDAV_PORT ?? 18791);
export const SFTP_PORT = Number(process.env.E2E_SFTP_PORT ?? 18792);
export const STORAGE_CONTROL_PORT = Number(process.env.E2E_STORAGE_CONTROL_PORT ?? 18793);
// Set once by the runner and inherited by its workers (their pid differs), so both read one file.
process.env.STORAGE_SERVERS_FILE ??= path.join(os.tmpdir(), `cloudclip-e2e-storage-${process.pid}`, 'servers.json');
export const STORAGE_SERVERS_FILE = process.env.STORAGE_SERVERS_FILE;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${GATEWAY_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The host registers a service worker (/sw.js) in production builds. Most specs intercept requests
    // with page.route, which a service worker's fetches would bypass: blocked here. The app's own
    // specs (pwa-*.spec.ts) and the deploy guarantees (deploy-pins, deploy-csp) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      name: 's3rver',
      command: 'node e2e/support/s3rver.mjs',
      cwd: repoRoot,
      url: `http://127.0.0.1:${S3RVER_PORT}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { S3RVER_PORT: String(S3RVER_PORT), S3RVER_BUCKET: 'e2e-bucket' },
    },
    {
      name: 'remote storage (rclone webdav, sshd)',
      command: 'node e2e/support/remote-storage-servers.mjs',
      cwd: repoRoot,
      url: `http://127.0.0.1:${STORAGE_CONTROL_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      // SIGTERM (not Playwright's SIGKILL) so the launcher removes its temporary folders and keys.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        E2E_WEBDAV_PORT: String(WEBDAV_PORT),
        E2E_SFTP_PORT: String(SFTP_PORT),
        E2E_STORAGE_CONTROL_PORT: String(STORAGE_CONTROL_PORT),
        STORAGE_SERVERS_FILE,
      },
    },
    {
      name: 'api-server',
      command: 'node api-server/dist/main.js',
      cwd: repoRoot,
      url: `http://127.0.0.1:${API_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        API_PORT: String(API_PORT),
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOGIN_RATE_LIMIT_MAX: '1000',
        TRUST_PROXY: '127.0.0.1',
        // a paused SFTP server (explorer-storage-drivers.spec) is reported unavailable after this, not 30 s
        STORAGE_RESPONSE_TIMEOUT_MS: '8000',
      },
    },
    {
      name: 'gateway',
      command: 'node deploy/gateway/server.mjs',
      cwd: repoRoot,
      url: `http://127.0.0.1:${GATEWAY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(GATEWAY_PORT), API_PORT: String(API_PORT), ENVIRONMENT: 'local' },
    },
    {
      name: 'gateway (a remote pinned to a missing version)',
      command: 'node deploy/gateway/server.mjs',
      cwd: repoRoot,
      url: `http://127.0.0.1:${BROKEN_GATEWAY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(BROKEN_GATEWAY_PORT),
        API_PORT: String(API_PORT),
        ENVIRONMENT: 'e2e-missing-remote',
        ENVIRONMENTS_DIR: path.join(__dirname, 'fixtures/environments'),
      },
    },
  ],
});
