// Real remote storage servers for the end-to-end tests of the WebDAV and SFTP drivers (never mocks):
// Debian's `rclone serve webdav` over a temporary folder, and Debian's OpenSSH `sshd -D -e` as the
// current user with throwaway keys, key auth only and internal-sftp. The servers themselves are
// scripts/remote-storage-servers.cjs, which the api-server's jest tests use too.
//
// Library: startRcloneWebDav({ port }), startSshd({ port }) (re-exported from there).
// CLI (Playwright webServer): `node e2e/support/remote-storage-servers.mjs` starts both on
// E2E_WEBDAV_PORT / E2E_SFTP_PORT, writes their details as JSON to STORAGE_SERVERS_FILE and serves
// E2E_STORAGE_CONTROL_PORT: GET /health (200 once both are up), POST /sftp/pause, POST /sftp/resume.
import { mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRcloneWebDav, startSshd } from '../../scripts/remote-storage-servers.cjs';

export { startRcloneWebDav, startSshd };

async function main() {
  const file = process.env.STORAGE_SERVERS_FILE;
  if (!file) throw new Error('STORAGE_SERVERS_FILE is required');
  const controlPort = Number(process.env.E2E_STORAGE_CONTROL_PORT ?? 18793);
  let webdav = null;
  let sftp = null;
  const control = createHttpServer((req, res) => {
    const reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/health') return reply(webdav && sftp ? 200 : 503, { ready: !!(webdav && sftp) });
    if (req.method === 'POST' && (req.url === '/sftp/pause' || req.url === '/sftp/resume')) {
      if (!sftp) return reply(503, { error: 'sftp not started' });
      if (req.url === '/sftp/pause') sftp.pause();
      else sftp.resume();
      return reply(200, { ok: true });
    }
    return reply(404, { error: 'not found' });
  });
  await new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control.close();
    await Promise.allSettled([webdav?.stop(), sftp?.stop()]);
    rmSync(file, { force: true });
    try {
      rmdirSync(path.dirname(file)); // the run's folder, when nothing else is left in it
    } catch {
      // not empty, or already gone
    }
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const envPort = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
  const [startedWebDav, startedSftp] = await Promise.all([
    startRcloneWebDav({ port: envPort('E2E_WEBDAV_PORT') }),
    startSshd({ port: envPort('E2E_SFTP_PORT') }),
  ]);
  mkdirSync(path.dirname(file), { recursive: true });
  const { stop: _stopWebDav, ...webdavDetails } = startedWebDav;
  const { pause: _p, resume: _r, stop: _stopSftp, ...sftpDetails } = startedSftp;
  writeFileSync(file, JSON.stringify({ webdav: webdavDetails, sftp: sftpDetails }, null, 2), { mode: 0o600 });
  webdav = startedWebDav;
  sftp = startedSftp;
  console.log(`remote storage servers: WebDAV ${webdav.url}, SFTP ${sftp.host}:${sftp.port} (details in ${file})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
