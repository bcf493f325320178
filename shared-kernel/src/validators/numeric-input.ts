/**
 * Parsing of numeric form inputs (text inputs give strings, number inputs
 * give numbers or null). Shared by the validators of max views, mount cache
 * TTL / sort order and the max upload size.
 */

/** What a numeric form field may hold. */
export type NumericInput = number | string | null | undefined;

export type ParsedNumber = { readonly kind: 'empty' } | { readonly kind: 'invalid' } | { readonly kind: 'number'; readonly value: number };

/** Plain decimal notation: optional sign, digits, optional fraction. No exponent, hex or spaces inside. */
const DECIMAL_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Parses a numeric input.
 * - `null`, `undefined`, `''` or whitespace only → `empty`;
 * - a finite number, or a string in plain decimal notation (surrounding
 *   whitespace ignored, e.g. `' 12 '`, `'-3'`, `'1.5'`) → `number`;
 * - anything else (`'abc'`, `'1e3'`, `'0x10'`, `NaN`, `Infinity`) → `invalid`.
 */
export function parseNumericInput(input: NumericInput): ParsedNumber {
  if (input === null || input === undefined) {
    return { kind: 'empty' };
  }
  if (typeof input === 'number') {
    return Number.isFinite(input) ? { kind: 'number', value: input === 0 ? 0 : input } : { kind: 'invalid' };
  }
  if (typeof input !== 'string') {
    return { kind: 'invalid' };
  }
  const text = input.trim();
  if (text === '') {
    return { kind: 'empty' };
  }
  if (!DECIMAL_PATTERN.test(text)) {
    return { kind: 'invalid' };
  }
  const value = Number(text);
  // `=== 0` folds -0 into 0.
  return Number.isFinite(value) ? { kind: 'number', value: value === 0 ? 0 : value } : { kind: 'invalid' };
}

/** True for a whole number that is exactly representable (`Number.isSafeInteger`). */
export function isWholeNumber(value: number): boolean {
  return Number.isSafeInteger(value);
}
