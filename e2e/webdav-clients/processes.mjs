// The child processes and temporary folders of a WebDAV client run: started, tracked, and ended or
// removed on any way out; running a command to its end.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './settings.mjs';

/** Every child process this script started and has not seen exit: killed on any way out. */
const liveChildren = new Set();
/** Temporary folders to remove on any way out. */
export const tempFolders = new Set();

export function track(child) {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return child;
}

export function removeTempFolders() {
  for (const folder of tempFolders) rmSync(folder, { recursive: true, force: true });
  tempFolders.clear();
}

function killChildren() {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

export function installExitHandlers() {
  process.on('exit', () => {
    killChildren();
    removeTempFolders();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      process.stderr.write(`\nwebdav-clients: ${signal}, cleaning up\n`);
      process.exit(130);
    });
  }
}

/** Ends a child with SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs));
  await Promise.race([exited, timer]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Runs a command to its end and collects its output.
 * @returns {Promise<{ code: number|null, stdout: string, stderr: string, ms: number }>}
 */
export function runCommand(command, args, { cwd = repoRoot, env = {}, timeoutMs = 30 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = track(spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      stderr += `\n[webdav-clients: ${command} killed after ${timeoutMs / 1000} s]\n`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

export function commandExists(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}
