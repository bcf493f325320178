// pnpm dev <remote>: works on one remote against the rest. The remote runs in webpack watch mode on
// its dev server; the gateway serves everything else from the workspace builds and points the environment
// manifest at the dev server for that remote. Example: pnpm dev mfe-public
import { REMOTES, run, startProcess, waitForUrl } from './lib.mjs';

const DEV_PORTS = { 'host-shell': 3000, 'mfe-public': 3001, 'mfe-upload': 3002, 'mfe-admin': 3003, 'mfe-explorer': 3004 };
const CONTAINERS = {
  'mfe-public': 'cloudclip_public',
  'mfe-upload': 'cloudclip_upload',
  'mfe-admin': 'cloudclip_admin',
  'mfe-explorer': 'cloudclip_explorer',
};

const remote = process.argv[2];
if (!remote || !REMOTES.includes(remote)) {
  console.error(`Usage: pnpm dev <${REMOTES.join('|')}>`);
  process.exit(2);
}
const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 8787);

async function main() {
  if ((await run('node', ['scripts/build.mjs', '--missing'])) !== 0) process.exit(1);
  const devPort = DEV_PORTS[remote];
  const children = [
    startProcess('api', 'node', ['api-server/dist/main.js'], {
      API_PORT: String(apiPort),
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    }),
    startProcess(remote, 'pnpm', ['--filter', `@cloudclip/${remote}`, 'run', 'serve']),
  ];
  await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, 30000);
  children.push(
    startProcess('gateway', 'node', ['deploy/gateway/server.mjs'], {
      PORT: String(port),
      API_PORT: String(apiPort),
      REMOTE_OVERRIDES: `${CONTAINERS[remote]}=http://127.0.0.1:${devPort}/mf-manifest.json`,
    }),
  );
  await waitForUrl(`http://127.0.0.1:${port}/healthz`, 30000);
  console.log(`\n  Cloudclip (dev: ${remote} from http://127.0.0.1:${devPort}) at http://127.0.0.1:${port}\n`);
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 500);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main();
