import {
  MOUNT_CACHE_TTL_DEFAULT_SECONDS,
  MOUNT_CACHE_TTL_MAX_SECONDS,
  MOUNT_NAME_MAX_LENGTH,
  MOUNT_SORT_ORDER_DEFAULT,
  mountPathProblem,
  type MountPathProblem,
} from '@cloudclip/contract';
import { isWholeNumber, parseNumericInput, type NumericInput } from './numeric-input';
import {
  fieldFail,
  fieldOk,
  formResult,
  validationError,
  type FieldErrors,
  type FieldResult,
  type FormResult,
  type ValidationMessageKey,
} from './validation-result';

/** The validation message of each mount path problem of the contract's rule. */
const MOUNT_PATH_MESSAGES = {
  required: 'mountPathRequired',
  mustStartWithSlash: 'mountPathMustStartWithSlash',
  tooLong: 'mountPathTooLong',
  invalidCharacters: 'mountPathInvalidChars',
  consecutiveSlashes: 'mountPathConsecutiveSlashes',
  trailingSlash: 'mountPathTrailingSlash',
  reserved: 'mountPathReserved',
} as const satisfies Record<MountPathProblem['code'], string>;

/**
 * Validates a mount path with the contract's rule ({@link mountPathProblem}, the one the server
 * applies), after trimming and NFC normalisation. The first failure wins:
 * empty → `mountPathRequired`; not starting with `/` → `mountPathMustStartWithSlash`; over 100
 * characters → `mountPathTooLong` `{ max: 100 }`; `//` → `mountPathConsecutiveSlashes`; a trailing
 * `/` (other than `/` itself) → `mountPathTrailingSlash`; characters other than ASCII letters,
 * digits, `_`, `-`, `/` and non-ASCII letters, or ones the file browser refuses (blanks, invisible
 * characters, lookalike slashes, dot segments) → `mountPathInvalidChars`; equal to or under a
 * reserved path (compared case-insensitively after NFKC) → `mountPathReserved` `{ path: '/api' }`.
 * Valid value: the trimmed, NFC-normalised path.
 */
export function validateMountPath(input: string | null | undefined): FieldResult<string> {
  const path = typeof input === 'string' ? input.trim().normalize('NFC') : '';
  const problem = mountPathProblem(path);
  if (problem === null) return fieldOk(path);
  if (problem.code === 'tooLong') return fieldFail(validationError(MOUNT_PATH_MESSAGES.tooLong, { max: problem.max }));
  if (problem.code === 'reserved') return fieldFail(validationError(MOUNT_PATH_MESSAGES.reserved, { path: problem.reserved }));
  return fieldFail(validationError(MOUNT_PATH_MESSAGES[problem.code]));
}

/** The mount form as edited (numbers may arrive as strings from text inputs). */
export interface MountFormInput {
  readonly name: string | null | undefined;
  readonly storage_type: string | null | undefined;
  readonly storage_config_id: string | null | undefined;
  readonly mount_path: string | null | undefined;
  readonly remark?: string | null;
  readonly cache_ttl?: NumericInput;
  readonly sort_order?: NumericInput;
  readonly is_active?: boolean;
}

export type MountFormField = 'name' | 'storage_type' | 'storage_config_id' | 'mount_path' | 'cache_ttl' | 'sort_order';

/** Normalised mount body for `POST /api/admin/mounts` / `PUT /api/admin/mounts/{id}`. */
export interface MountPayload {
  readonly name: string;
  readonly storage_type: string;
  readonly storage_config_id: string;
  readonly mount_path: string;
  readonly remark: string | null;
  readonly cache_ttl: number;
  readonly sort_order: number;
  readonly is_active: boolean;
}

function trimmed(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** A whole-number field of the mount form: empty takes `fallback`; anything but a whole number fails with `notInteger`. */
function validateWholeNumber(input: NumericInput, fallback: number, notInteger: ValidationMessageKey): FieldResult<number> {
  const parsed = parseNumericInput(input);
  if (parsed.kind === 'empty') {
    return fieldOk(fallback);
  }
  if (parsed.kind === 'invalid' || !isWholeNumber(parsed.value)) {
    return fieldFail(validationError(notInteger));
  }
  return fieldOk(parsed.value);
}

function validateCacheTtl(input: NumericInput): FieldResult<number> {
  const result = validateWholeNumber(input, MOUNT_CACHE_TTL_DEFAULT_SECONDS, 'mountCacheTtlNotInteger');
  if (!result.valid) {
    return result;
  }
  if (result.value < 0) {
    return fieldFail(validationError('mountCacheTtlNegative'));
  }
  if (result.value > MOUNT_CACHE_TTL_MAX_SECONDS) {
    return fieldFail(validationError('mountCacheTtlTooLarge', { max: MOUNT_CACHE_TTL_MAX_SECONDS }));
  }
  return result;
}

function validateSortOrder(input: NumericInput): FieldResult<number> {
  return validateWholeNumber(input, MOUNT_SORT_ORDER_DEFAULT, 'mountSortOrderNotInteger');
}

/**
 * Validates the create/edit mount form.
 * - `name`: trimmed; required (`mountNameRequired`); at most 50 characters
 *   (`mountNameTooLong` `{ max: 50 }`, counted as `String.length`);
 * - `storage_type`: required (`mountStorageTypeRequired`);
 * - `storage_config_id`: required (`mountS3ConfigRequired`) — only `S3` is a
 *   functional storage type, so every mount needs its S3 config;
 * - `mount_path`: see {@link validateMountPath};
 * - `cache_ttl`: integer seconds in 0..86400 (`mountCacheTtlNotInteger`,
 *   `mountCacheTtlNegative`, `mountCacheTtlTooLarge` `{ max: 86400 }`);
 *   empty → server default 300;
 * - `sort_order`: any integer, negatives allowed (`mountSortOrderNotInteger`);
 *   empty → 0.
 * The value carries trimmed strings, `remark` `null` when blank and
 * `is_active` defaulting to `true`.
 */
export function validateMountForm(input: MountFormInput): FormResult<MountFormField, MountPayload> {
  const errors: FieldErrors<MountFormField> = {};

  const name = trimmed(input.name);
  if (name === '') {
    errors.name = validationError('mountNameRequired');
  } else if (name.length > MOUNT_NAME_MAX_LENGTH) {
    errors.name = validationError('mountNameTooLong', { max: MOUNT_NAME_MAX_LENGTH });
  }

  const storageType = trimmed(input.storage_type);
  if (storageType === '') {
    errors.storage_type = validationError('mountStorageTypeRequired');
  }

  const storageConfigId = trimmed(input.storage_config_id);
  if (storageConfigId === '') {
    errors.storage_config_id = validationError('mountS3ConfigRequired');
  }

  const mountPath = validateMountPath(input.mount_path);
  if (!mountPath.valid) {
    errors.mount_path = mountPath.error;
  }

  const cacheTtl = validateCacheTtl(input.cache_ttl);
  if (!cacheTtl.valid) {
    errors.cache_ttl = cacheTtl.error;
  }

  const sortOrder = validateSortOrder(input.sort_order);
  if (!sortOrder.valid) {
    errors.sort_order = sortOrder.error;
  }

  return formResult(errors, () => {
    const remark = trimmed(input.remark);
    return {
      name,
      storage_type: storageType,
      storage_config_id: storageConfigId,
      mount_path: mountPath.value ?? '',
      remark: remark === '' ? null : remark,
      cache_ttl: cacheTtl.value ?? MOUNT_CACHE_TTL_DEFAULT_SECONDS,
      sort_order: sortOrder.value ?? MOUNT_SORT_ORDER_DEFAULT,
      is_active: input.is_active ?? true,
    };
  });
}
