// The api-server build the backup benchmark (bench-backup.mjs) runs: api-server/dist, or the snapshot
// of it made when a measurement starts (useBuild), so that a rebuild meanwhile changes nothing; its
// files (buildFile, cliFile) and modules (requireFromApi).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from '../scripts/lib.mjs';

export const apiDir = path.join(repoRoot, 'api-server');
export const builtDist = path.join(apiDir, 'dist');
/**
 * The build every step uses: a copy of api-server/dist made when the measurement starts (inside
 * api-server, so its node_modules resolve), so a rebuild meanwhile (another migration) cannot make
 * the sources, archives and targets of one run disagree.
 */
let distDir = builtDist;
/** Makes `dir` (a snapshot of api-server/dist) the build every later step uses. */
export function useBuild(dir) {
  distDir = dir;
}
/** A file of the build in use. */
export const buildFile = (...parts) => path.join(distDir, ...parts);
export const cliFile = () => buildFile('backup', 'cli.js');
export const requireFromApi = createRequire(path.join(apiDir, 'package.json'));

export function requireBackupBuild() {
  if (!existsSync(path.join(builtDist, 'backup', 'cli.js')))
    throw new Error('api-server/dist/backup/cli.js is missing: build the api-server first (pnpm --filter @cloudclip/api-server build)');
}
