import { BYTES_PER_KB, BYTES_PER_MB } from '../constants';
import { validationError, type ValidationError } from './validation-result';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * Human-readable size with binary units (1 KB = 1024 B): B, KB, MB or GB,
 * at most 2 decimals, trailing zeros dropped. GB is the largest unit.
 * Negative, NaN or infinite input is shown as `0 B`.
 *
 * @example formatBytes(0) === '0 B'; formatBytes(1536) === '1.5 KB'; formatBytes(10485760) === '10 MB'
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) {
    return '0 B';
  }
  let value = bytes;
  let unitIndex = 0;
  while (unitIndex < UNITS.length - 1 && value >= BYTES_PER_KB) {
    value /= BYTES_PER_KB;
    unitIndex += 1;
  }
  let rounded = Math.round(value * 100) / 100;
  // 1023.999 KB would round to "1024 KB": show it as "1 MB" instead.
  if (rounded >= BYTES_PER_KB && unitIndex < UNITS.length - 1) {
    rounded = Math.round((rounded / BYTES_PER_KB) * 100) / 100;
    unitIndex += 1;
  }
  return `${rounded} ${UNITS[unitIndex] ?? 'B'}`;
}

/**
 * Checks a file against the max upload size (in MB). A file of exactly the
 * limit passes; one byte more fails with `fileTooLarge` and
 * `{ size: formatBytes(limit) }` ("exceeds limit, maximum allowed is {size}").
 * Returns `null` when the file is accepted.
 */
export function checkFileSize(bytes: number, maxMb: number): ValidationError | null {
  const limitBytes = maxMb * BYTES_PER_MB;
  if (bytes > limitBytes) {
    return validationError('fileTooLarge', { size: formatBytes(limitBytes) });
  }
  return null;
}

/**
 * The insufficient-storage message: `storageInsufficient` with the file size,
 * the remaining space (clamped at 0) and the bucket capacity, all formatted
 * with {@link formatBytes}.
 */
export function insufficientStorageError(fileSizeBytes: number, remainingBytes: number, capacityBytes: number): ValidationError {
  return validationError('storageInsufficient', {
    fileSize: formatBytes(fileSizeBytes),
    remaining: formatBytes(Math.max(0, remainingBytes)),
    capacity: formatBytes(capacityBytes),
  });
}
