// pnpm build: builds the command line (cli/, esbuild, < 1 s), the api-server, the host and every
// remote (at most two webpack builds at once on this 2-core machine) into each package's dist/. The
// local environment runs these builds as version "workspace"; `pnpm release <package>` turns one into an immutable release.
// Flags: --missing (only what is not built yet), a list of package names (only those). Every build
// first checks the API reports of the kernel and the contract.
import { REMOTES, isBuilt, run } from './lib.mjs';

const args = process.argv.slice(2);
const onlyMissing = args.includes('--missing');
const requested = args.filter((arg) => !arg.startsWith('--'));
const ALL = ['cli', 'api-server', 'host-shell', ...REMOTES];
const targets = (requested.length ? requested : ALL).filter((pkg) => !onlyMissing || !isBuilt(pkg));

const timings = [];
async function build(pkg) {
  const started = Date.now();
  const code = await run('pnpm', ['--filter', `@cloudclip/${pkg}`, 'run', 'build'], { prefix: `[${pkg}] ` });
  timings.push({ pkg, seconds: (Date.now() - started) / 1000, code });
  if (code !== 0) throw new Error(`${pkg} build failed (exit ${code})`);
}

async function main() {
  if (targets.length === 0) {
    console.log('Everything is built.');
    return;
  }
  // The kernel's (and the contract's) exports are the remotes' contract with the host: a build whose
  // exports changed without the version bump they need stops here (scripts/api-report.mjs).
  const reports = await run('node', ['scripts/api-report.mjs', '--all'], { prefix: '[api-report] ' });
  if (reports !== 0)
    throw new Error('the API reports do not match the code: bump the version, then `pnpm api-report <package-dir> --update`');
  const queue = [...targets];
  // Two at a time: webpack builds with antd take ~1.3 GB and one core each.
  const worker = async () => {
    while (queue.length) await build(queue.shift());
  };
  await Promise.all([worker(), worker()]);
  console.log('\nBuild times:');
  for (const { pkg, seconds } of timings) console.log(`  ${pkg.padEnd(14)} ${seconds.toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
