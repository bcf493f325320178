// pnpm run setup: installs the workspace's dependencies. better-sqlite3 compiles a native addon;
// where Node's headers are installed with Node (Debian's /usr/include/node) node-gyp is pointed at
// them, since it cannot download headers on a machine without internet access.
import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const env = { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
if (!process.env.npm_config_nodedir && existsSync('/usr/include/node/node.h')) env.npm_config_nodedir = '/usr';
const args = ['install'];
if (process.env.CI) args.push('--frozen-lockfile');
const code = await run('pnpm', args, { env });
process.exit(code);
