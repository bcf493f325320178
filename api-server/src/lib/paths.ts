import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PACKAGE_NAME = '@cloudclip/api-server';

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function* ancestors(start: string): Generator<string> {
  let dir = path.resolve(start);
  for (;;) {
    yield dir;
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/**
 * The api-server package directory, found by walking up from this file to the package.json named
 * `@cloudclip/api-server`. Works from `src/` (tests, ts) and from `dist/` (built JS) alike,
 * at any nesting depth.
 */
export function findPackageRoot(start: string = __dirname): string {
  for (const dir of ancestors(start)) {
    const pkg = readJson(path.join(dir, 'package.json'));
    if (pkg && typeof pkg === 'object' && (pkg as { name?: unknown }).name === PACKAGE_NAME) return dir;
  }
  // Fallback for unusual layouts (e.g. a bundled copy): the directory above src/ or dist/.
  return path.resolve(__dirname, '..', '..');
}

/**
 * The repository root: the nearest ancestor of the package holding `pnpm-workspace.yaml`,
 * else the package's parent directory (the layout of the workspace).
 */
export function findRepositoryRoot(start: string = __dirname): string {
  const packageRoot = findPackageRoot(start);
  for (const dir of ancestors(packageRoot)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
  }
  return path.dirname(packageRoot);
}

/** Default DATA_DIR: `.data` at the repository root. */
export function defaultDataDir(): string {
  return path.join(findRepositoryRoot(), '.data');
}

let cachedVersion: string | undefined;

/** The `version` of the api-server package.json. */
export function packageVersion(): string {
  if (cachedVersion === undefined) {
    const pkg = readJson(path.join(findPackageRoot(), 'package.json'));
    const version = pkg && typeof pkg === 'object' ? (pkg as { version?: unknown }).version : undefined;
    cachedVersion = typeof version === 'string' ? version : '0.0.0';
  }
  return cachedVersion;
}
