import type { LightMyRequestResponse } from 'fastify';
import { HttpError } from '../http/http-error';

/**
 * Checks shared by several suites: a throttled answer (429 with a Retry-After of 1 to 60 seconds),
 * and the HttpError a call throws.
 */

/** Expects `response` to be a 429 with a Retry-After of 1 to 60 seconds; returns those seconds. */
export function expectThrottled(response: LightMyRequestResponse): number {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  return seconds;
}

/** The HttpError `work` throws; any other error is thrown on, and throwing nothing fails the test. */
export function httpErrorThrownBy(work: () => unknown): HttpError {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

/** The envelope of a 200 answer carrying `data` (whatever its message), for `toEqual`. */
export function okEnvelope(data: unknown): { code: 200; message: unknown; success: true; data: unknown } {
  return { code: 200, message: expect.any(String), success: true, data };
}
