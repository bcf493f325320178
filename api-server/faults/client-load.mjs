// What the slow-client and soak fault tests share (not a test itself): timing requests, percentiles,
// and sampling the built server's memory and open file descriptors from /proc.
import { readdirSync } from 'node:fs';
import { rssOf } from '../bench/bench-server.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (0–100) of `values`, nearest rank; NaN when there are none. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `request()` (a fetch) and returns its status, its body's length and how long the whole answer took in ms. */
export async function timed(request) {
  const started = performance.now();
  const response = await request();
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength, ms: performance.now() - started };
}

/** Open file descriptors of a process (Linux /proc), NaN elsewhere. */
export function openFilesOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
}

/**
 * The median of `samples` readings of the RSS, `intervalMs` apart: one reading can catch a
 * collection half done.
 */
export async function settledRss(pid, samples = 5, intervalMs = 300) {
  const readings = [];
  for (let i = 0; i < samples; i += 1) {
    if (i > 0) await sleep(intervalMs);
    readings.push(rssOf(pid));
  }
  return percentile(readings, 50);
}

export const ms = (value) => `${value.toFixed(1)} ms`;
