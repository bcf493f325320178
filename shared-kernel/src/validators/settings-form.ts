import { DEFAULT_WEBDAV_UPLOAD_MODE, isWebdavUploadMode, type WebdavUploadMode } from '@cloudclip/contract';
import { BYTES_PER_MB, SIZE_UNIT_BYTES, SIZE_UNITS, type SizeUnit } from '../constants';
import { formatBytes } from './file-size';
import { isWholeNumber, parseNumericInput, type NumericInput } from './numeric-input';
import { formResult, validationError, type FieldErrors, type FormResult, type ValidationError } from './validation-result';

const KB_PER_MB = SIZE_UNIT_BYTES.MB / SIZE_UNIT_BYTES.KB;
const MB_PER_GB = SIZE_UNIT_BYTES.GB / SIZE_UNIT_BYTES.MB;

function isSizeUnit(value: unknown): value is SizeUnit {
  return (SIZE_UNITS as readonly unknown[]).includes(value);
}

/**
 * Converts a size entered with a unit into whole megabytes (binary units):
 * `KB` → ⌊value / 1024⌋ (rounded **down**, so the saved limit never exceeds
 * what was typed; 1536 KB → 1 MB, 1023 KB → 0 MB), `MB` → value,
 * `GB` → value × 1024.
 */
export function sizeToMegabytes(value: number, unit: SizeUnit): number {
  switch (unit) {
    case 'KB':
      return Math.floor(value / KB_PER_MB);
    case 'GB':
      return value * MB_PER_GB;
    case 'MB':
      return value;
  }
}

/**
 * The inverse, for filling the form from the stored MB value: the largest
 * unit that shows it as a whole number (2048 → 2 GB, 100 → 100 MB).
 */
export function megabytesToSizeInput(megabytes: number): { readonly value: number; readonly unit: SizeUnit } {
  if (megabytes > 0 && megabytes % MB_PER_GB === 0) {
    return { value: megabytes / MB_PER_GB, unit: 'GB' };
  }
  return { value: megabytes, unit: 'MB' };
}

export interface SettingsFormInput {
  /** The number typed next to the unit selector. */
  readonly max_upload_size: NumericInput;
  readonly max_upload_size_unit: SizeUnit;
  /** Omitted / empty → the effective default `auto`. */
  readonly webdav_upload_mode?: WebdavUploadMode | null;
  /** Paste text one API key may store, with its unit; left out of the payload when omitted (`undefined`). */
  readonly paste_storage_per_key?: NumericInput;
  readonly paste_storage_per_key_unit?: SizeUnit;
  /** Paste text of all pastes together, with its unit; left out of the payload when omitted (`undefined`). */
  readonly paste_storage_total?: NumericInput;
  readonly paste_storage_total_unit?: SizeUnit;
}

export type SettingsFormField =
  | 'max_upload_size'
  | 'max_upload_size_unit'
  | 'webdav_upload_mode'
  | 'paste_storage_per_key'
  | 'paste_storage_per_key_unit'
  | 'paste_storage_total'
  | 'paste_storage_total_unit';

/** Body of `PUT /api/admin/system-settings`. */
export interface SettingsPayload {
  /** Whole megabytes, ≥ 1. */
  readonly max_upload_size: number;
  readonly webdav_upload_mode: WebdavUploadMode;
  /** Whole megabytes, ≥ 1 (only when the form has the field). */
  readonly paste_storage_per_key_mb?: number;
  /** Whole megabytes, ≥ 1 (only when the form has the field). */
  readonly paste_storage_total_mb?: number;
}

/** A paste storage limit read from the form: whole megabytes, or the errors of the number and of the unit. */
interface PasteStorageResult {
  megabytes?: number;
  error?: ValidationError;
  unitError?: ValidationError;
}

/**
 * One paste storage limit typed with a unit → whole megabytes (KB rounded down), or the error of
 * the number (`settingsPasteStorageRequired`, `…NotPositiveInteger`, `…TooSmall` `{ min: '1 MB' }`)
 * and / or of the unit (`settingsSizeUnitInvalid`).
 */
function pasteStorageMegabytes(raw: NumericInput, unit: unknown): PasteStorageResult {
  const result: PasteStorageResult = {};
  if (!isSizeUnit(unit)) result.unitError = validationError('settingsSizeUnitInvalid', { units: SIZE_UNITS.join(', ') });
  const parsed = parseNumericInput(raw);
  if (parsed.kind === 'empty') {
    result.error = validationError('settingsPasteStorageRequired');
  } else if (parsed.kind === 'invalid' || !isWholeNumber(parsed.value) || parsed.value <= 0) {
    result.error = validationError('settingsPasteStorageNotPositiveInteger');
  } else if (isSizeUnit(unit)) {
    const megabytes = sizeToMegabytes(parsed.value, unit);
    if (megabytes < 1) result.error = validationError('settingsPasteStorageTooSmall', { min: formatBytes(BYTES_PER_MB) });
    else if (!isWholeNumber(megabytes)) result.error = validationError('settingsPasteStorageNotPositiveInteger');
    else result.megabytes = megabytes;
  }
  return result;
}

/**
 * Validates the system-settings form.
 * - `max_upload_size`: required (`settingsMaxUploadSizeRequired`); a positive
 *   integer (`settingsMaxUploadSizeNotPositiveInteger`: 0, -1, 1.5, 'abc');
 * - `max_upload_size_unit`: KB, MB or GB (`settingsSizeUnitInvalid` `{ units }`);
 * - after conversion with {@link sizeToMegabytes} (KB rounded down) the size
 *   must be at least 1 MB (`settingsMaxUploadSizeTooSmall` `{ min: '1 MB' }`,
 *   e.g. 1023 KB) and a safe integer;
 * - `webdav_upload_mode`: one of auto/proxy/multipart/direct
 *   (`settingsWebdavModeInvalid`); empty → `auto`;
 * - `paste_storage_per_key`, `paste_storage_total` (when given, each with its unit, MB when the unit
 *   is omitted): required, positive integers, at least 1 MB after conversion
 *   (`settingsPasteStorageRequired`, `settingsPasteStorageNotPositiveInteger`,
 *   `settingsPasteStorageTooSmall` `{ min: '1 MB' }`).
 * Value: `{ max_upload_size: <MB>, webdav_upload_mode, paste_storage_per_key_mb?, paste_storage_total_mb? }`.
 */
export function validateSettingsForm(input: SettingsFormInput): FormResult<SettingsFormField, SettingsPayload> {
  const errors: FieldErrors<SettingsFormField> = {};

  const unitValid = isSizeUnit(input.max_upload_size_unit);
  if (!unitValid) {
    errors.max_upload_size_unit = validationError('settingsSizeUnitInvalid', { units: SIZE_UNITS.join(', ') });
  }

  let megabytes = 0;
  const parsed = parseNumericInput(input.max_upload_size);
  if (parsed.kind === 'empty') {
    errors.max_upload_size = validationError('settingsMaxUploadSizeRequired');
  } else if (parsed.kind === 'invalid' || !isWholeNumber(parsed.value) || parsed.value <= 0) {
    errors.max_upload_size = validationError('settingsMaxUploadSizeNotPositiveInteger');
  } else if (unitValid) {
    megabytes = sizeToMegabytes(parsed.value, input.max_upload_size_unit);
    if (megabytes < 1) {
      errors.max_upload_size = validationError('settingsMaxUploadSizeTooSmall', { min: formatBytes(BYTES_PER_MB) });
    } else if (!isWholeNumber(megabytes)) {
      errors.max_upload_size = validationError('settingsMaxUploadSizeNotPositiveInteger');
    }
  }

  const rawMode: unknown = input.webdav_upload_mode;
  const mode = rawMode === null || rawMode === undefined || rawMode === '' ? DEFAULT_WEBDAV_UPLOAD_MODE : rawMode;
  if (!isWebdavUploadMode(mode)) {
    errors.webdav_upload_mode = validationError('settingsWebdavModeInvalid');
  }

  const pasteLimits: { paste_storage_per_key_mb?: number; paste_storage_total_mb?: number } = {};
  const pasteFields = [
    ['paste_storage_per_key', 'paste_storage_per_key_unit', 'paste_storage_per_key_mb'],
    ['paste_storage_total', 'paste_storage_total_unit', 'paste_storage_total_mb'],
  ] as const;
  for (const [field, unitField, payloadField] of pasteFields) {
    if (input[field] === undefined) continue;
    const result = pasteStorageMegabytes(input[field], input[unitField] ?? 'MB');
    if (result.error) errors[field] = result.error;
    if (result.unitError) errors[unitField] = result.unitError;
    if (result.megabytes !== undefined) pasteLimits[payloadField] = result.megabytes;
  }

  return formResult(errors, () => ({
    max_upload_size: megabytes,
    webdav_upload_mode: isWebdavUploadMode(mode) ? mode : DEFAULT_WEBDAV_UPLOAD_MODE,
    ...pasteLimits,
  }));
}
