// pnpm start: builds what is missing, then starts the api-server (SQLite + local disk under DATA_DIR)
// and the gateway, and prints the address. Ctrl+C stops both.
import { installAndBuildMissing, startProcess, waitForUrl } from './lib.mjs';

const port = Number(process.env.PORT ?? 8080);
const apiPort = Number(process.env.API_PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';

async function main() {
  const code = await installAndBuildMissing();
  if (code !== 0) process.exit(code);
  const children = [
    startProcess('api', 'node', ['api-server/dist/main.js'], {
      API_PORT: String(apiPort),
      TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1',
    }),
  ];
  if (!(await waitForUrl(`http://127.0.0.1:${apiPort}/api/health`, 30000))) {
    console.error('The api-server did not start.');
    for (const child of children) child.kill();
    process.exit(1);
  }
  children.push(
    startProcess('gateway', 'node', ['deploy/gateway/server.mjs'], { PORT: String(port), HOST: host, API_PORT: String(apiPort) }),
  );
  if (!(await waitForUrl(`http://127.0.0.1:${port}/healthz`, 30000))) {
    console.error('The gateway did not start.');
    for (const child of children) child.kill();
    process.exit(1);
  }
  console.log(`\n  Cloudclip is running at http://${host}:${port}\n`);
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 500);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const child of children) {
    child.on('exit', (exitCode) => {
      if (exitCode !== null && exitCode !== 0) {
        console.error(`A service stopped (exit ${exitCode}); stopping.`);
        stop();
      }
    });
  }
}

main();
