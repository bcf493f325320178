// pnpm run setup: installs the workspace's dependencies, then builds better-sqlite3's native addon
// against the headers of the Node that runs it (scripts/native-addons.mjs). Works from an empty home
// folder with no internet access beyond the npm registry: nothing is read from ~/.npmrc or
// ~/.cache/node-gyp. Last, it bundles the command line (cli/, esbuild, < 1 s) so `pnpm exec cloudclip`
// works right after set-up.
import { run } from './lib.mjs';
import { ensureNativeAddons } from './native-addons.mjs';

const args = ['install'];
if (process.env.CI) args.push('--frozen-lockfile');
const code = await run('pnpm', args, { env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
if (code !== 0) process.exit(code);
const addons = ensureNativeAddons();
if (addons !== 0) process.exit(addons);
process.exit(await run('node', ['cli/scripts/build.mjs']));
