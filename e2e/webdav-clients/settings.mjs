// The WebDAV client checks' settings: the paths they use, the mounts and the key's home they run in,
// and which parts and litmus suites run (WEBDAV_CHECKS, WEBDAV_LITMUS_SUITES).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distMain = path.join(repoRoot, 'api-server', 'dist', 'main.js');
export const resultsFile = path.join(repoRoot, 'bench-results', 'webdav-clients.json');

/** The litmus suites the issue asks for, in litmus's own order. */
export const LITMUS_SUITES = ['basic', 'copymove', 'props', 'locks', 'http'];
/** The parts of the run, in their order. */
export const CHECKS = ['litmus', 'confinement', 'rclone'];

/**
 * Which parts and litmus suites to run, from WEBDAV_CHECKS and WEBDAV_LITMUS_SUITES (comma-separated,
 * blank or unset = all); an unknown name is an error, so a typo never turns into a green run of nothing.
 * @returns {{ checks: string[], suites: string[] }}
 */
export function selectionFromEnv(env) {
  const pick = (variable, known) => {
    const raw = env[variable];
    if (raw === undefined || raw.trim() === '') return [...known];
    const names = raw
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length > 0) throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
    return known.filter((name) => names.includes(name));
  };
  return { checks: pick('WEBDAV_CHECKS', CHECKS), suites: pick('WEBDAV_LITMUS_SUITES', LITMUS_SUITES) };
}

/** The two mounts every check runs against: one per storage driver. */
export const MOUNTS = [
  { path: '/local', driver: 'local' },
  { path: '/s3', driver: 's3 (s3rver)' },
];
export const KEY_HOME = '/local/keyhome';
export const SECRET_TEXT = 'outside the key home: must stay as it is\n';
/** RSS growth the issue allows while the big file moves; above it the table says so (not a failure). */
export const RSS_GROWTH_LIMIT_MB = 100;
export const MIB = 1024 * 1024;
