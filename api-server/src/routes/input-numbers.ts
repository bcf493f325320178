import { z } from 'zod';

/**
 * Loose inputs of the upload endpoints: clients send numbers as JSON numbers or as strings (the
 * legacy client sends `size` and `expires_in` as strings) and flags as `"true"` / booleans.
 */

/**
 * An optional number given as a number or a numeric string; `""` / null → undefined.
 * Invalid (not numeric, not an integer when `integer`, below `min`) → a validation issue (400).
 */
export function optionalNumber(options: { integer?: boolean; min?: number } = {}) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): number | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
      if (
        !Number.isFinite(number) ||
        (options.integer === true && !Number.isInteger(number)) ||
        (options.min !== undefined && number < options.min)
      ) {
        ctx.addIssue({ code: 'custom', message: 'invalid number' });
        return z.NEVER;
      }
      return number;
    });
}

/** `true`, `"true"`, `1`, `"1"` → true; anything else (absent included) → false. */
export const flag = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === 1 || value === 'true' || value === '1');

/** An optional string: null → undefined. */
export const optionalString = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined);

/** A query/list number: the value when it is an integer ≥ `min` (capped at `max`), else `fallback`. */
export function queryInt(fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z
    .unknown()
    .optional()
    .transform((value) => {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
      return Number.isInteger(number) && number >= min ? Math.min(number, max) : fallback;
    });
}
