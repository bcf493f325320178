// What the node scripts that drive a built api-server process share: bench/bench-server.mjs, the
// fault tests (faults/), scripts/crash-safety.mjs and e2e/support/api-process.mjs. One HTTP exchange
// with its body parsed, waiting until a process answers its health URL, stopping a process, and
// the files below a folder (what a test looks for in a data folder after the fact).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** `text` parsed as JSON; undefined when it is not JSON. */
function parsedOrUndefined(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One HTTP exchange with `url`. `body` is sent as it is when it is a string or bytes, else as JSON
 * (with its content type). Resolves with the status, the headers, the body's text and its JSON
 * (undefined when the body is not JSON).
 */
export async function exchange(url, { method = 'GET', body, headers = {}, signal } = {}) {
  const init = { method, headers: { ...headers }, signal };
  if (body !== undefined) {
    if (typeof body === 'string' || body instanceof Uint8Array) init.body = body;
    else {
      init.body = JSON.stringify(body);
      init.headers['content-type'] = 'application/json';
    }
  }
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parsedOrUndefined(text) };
}

/** Whether `child` has ended (with an exit code or by a signal). */
export function hasExited(child) {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves once `child` has exited (at once when it already has). */
export function exitOf(child) {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Polls each URL until it answers 2xx; throws (with the end of the process's `output`) when
 * `process` ends first or `timeoutMs` runs out.
 */
export async function waitUntilHealthy(urls, { process: child, output = () => '', timeoutMs = 120_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      if (child && hasExited(child))
        throw new Error(`the process stopped (exit ${child.exitCode}, signal ${child.signalCode}):\n${output().slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`${url} did not answer in time:\n${output().slice(-4000)}`);
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}

/** Ends `child`: SIGTERM, SIGKILL when it is still running after `graceMs`; resolves once it has exited. */
export async function stopProcess(child, graceMs) {
  if (hasExited(child)) return;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

/** The full paths of the files below `dir`, in every sub-folder; none when `dir` does not exist. */
export function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...filesUnder(full));
    else found.push(full);
  }
  return found;
}
