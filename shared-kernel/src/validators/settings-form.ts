import { DEFAULT_WEBDAV_UPLOAD_MODE, WEBDAV_UPLOAD_MODES, type WebdavUploadMode } from '@cloudclip/contract';
import { BYTES_PER_MB, SIZE_UNIT_BYTES, SIZE_UNITS, type SizeUnit } from '../constants';
import { formatBytes } from './file-size';
import { isWholeNumber, parseNumericInput, type NumericInput } from './numeric-input';
import { formResult, validationError, type FieldErrors, type FormResult } from './validation-result';

const KB_PER_MB = SIZE_UNIT_BYTES.MB / SIZE_UNIT_BYTES.KB;
const MB_PER_GB = SIZE_UNIT_BYTES.GB / SIZE_UNIT_BYTES.MB;

function isSizeUnit(value: unknown): value is SizeUnit {
  return (SIZE_UNITS as readonly unknown[]).includes(value);
}

function isWebdavUploadMode(value: unknown): value is WebdavUploadMode {
  return (WEBDAV_UPLOAD_MODES as readonly unknown[]).includes(value);
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
}

export type SettingsFormField = 'max_upload_size' | 'max_upload_size_unit' | 'webdav_upload_mode';

/** Body of `PUT /api/admin/system-settings`. */
export interface SettingsPayload {
  /** Whole megabytes, ≥ 1. */
  readonly max_upload_size: number;
  readonly webdav_upload_mode: WebdavUploadMode;
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
 *   (`settingsWebdavModeInvalid`); empty → `auto`.
 * Value: `{ max_upload_size: <MB>, webdav_upload_mode }`.
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

  return formResult(errors, () => ({
    max_upload_size: megabytes,
    webdav_upload_mode: isWebdavUploadMode(mode) ? mode : DEFAULT_WEBDAV_UPLOAD_MODE,
  }));
}
