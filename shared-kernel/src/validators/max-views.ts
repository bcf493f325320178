import { isWholeNumber, parseNumericInput, type NumericInput } from './numeric-input';
import { fieldFail, fieldOk, validationError, type FieldResult } from './validation-result';

/** Max views value meaning "unlimited". */
export const UNLIMITED_MAX_VIEWS = 0;

/**
 * Validates the max-views field of a share. Accepts numbers and numeric
 * strings (surrounding whitespace ignored).
 * - empty (`null`, `undefined`, `''`) → valid, value `0` (unlimited);
 * - not a number (`'abc'`, `'1e3'`, `NaN`) → `maxViewsNotInteger`;
 * - negative (`-1`, `'-0.5'`) → `maxViewsNegative`;
 * - a decimal (`1.5`, `'2.0'` is accepted as 2) → `maxViewsNotInteger`;
 * - otherwise valid, value = the integer (`0` = unlimited).
 */
export function validateMaxViews(input: NumericInput): FieldResult<number> {
  const parsed = parseNumericInput(input);
  if (parsed.kind === 'empty') {
    return fieldOk(UNLIMITED_MAX_VIEWS);
  }
  if (parsed.kind === 'invalid') {
    return fieldFail(validationError('maxViewsNotInteger'));
  }
  if (parsed.value < 0) {
    return fieldFail(validationError('maxViewsNegative'));
  }
  if (!isWholeNumber(parsed.value)) {
    return fieldFail(validationError('maxViewsNotInteger'));
  }
  return fieldOk(parsed.value);
}
