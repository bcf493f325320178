// Helpers shared by the root scripts (build, start, dev, bench).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNativeAddons } from './native-addons.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REMOTES = ['mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];

/** What each package's build leaves behind, to tell whether it is built. */
export const BUILD_MARKERS = {
  'api-server': 'api-server/dist/main.js',
  'host-shell': 'host-shell/dist/index.html',
  'mfe-public': 'mfe-public/dist/mf-manifest.json',
  'mfe-upload': 'mfe-upload/dist/mf-manifest.json',
  'mfe-admin': 'mfe-admin/dist/mf-manifest.json',
  'mfe-explorer': 'mfe-explorer/dist/mf-manifest.json',
  cli: 'cli/dist/cloudclip.mjs',
};

export const isBuilt = (pkg) => existsSync(path.join(repoRoot, BUILD_MARKERS[pkg]));

/** Median of the finite numbers in `values`; null when there are none. */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs a command, streaming its output with a prefix; resolves with the exit code. */
export function run(command, args, { cwd = repoRoot, env = {}, prefix = '' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (stream, target) => {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) target.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => buffer && target.write(`${prefix}${buffer}\n`));
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** Starts a long-running process; output is prefixed. */
export function startProcess(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  return child;
}

/** Polls a URL until it answers 2xx or the time runs out. */
export async function waitForUrl(url, timeoutMs = 30000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

/**
 * What `pnpm start` and `pnpm cluster` do first, so they work from a fresh clone: the dependencies
 * when they are not installed (else the native addons checked), then the builds that are missing.
 * @returns {Promise<number>} 0, or the exit code of the step that failed
 */
export async function installAndBuildMissing() {
  if (!existsSync(path.join(repoRoot, 'node_modules/.modules.yaml'))) {
    const installed = await run('node', ['scripts/install.mjs']);
    if (installed !== 0) return installed;
  } else {
    const addons = ensureNativeAddons();
    if (addons !== 0) return addons;
  }
  return run('node', ['scripts/build.mjs', '--missing']);
}
