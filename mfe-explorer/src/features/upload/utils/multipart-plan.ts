import { MULTIPART_PART_BYTES } from '@cloudclip/shared-kernel';

export interface PlannedPart {
  /** 1-based. */
  partNumber: number;
  /** Byte range [start, end). */
  start: number;
  end: number;
  isLastPart: boolean;
}

/** Splits a file of `size` bytes into sequential parts of `partSize` (5 MiB); the last one takes the rest. */
export function planParts(size: number, partSize: number = MULTIPART_PART_BYTES): PlannedPart[] {
  if (!Number.isFinite(size) || size <= 0) return [];
  if (!Number.isInteger(partSize) || partSize <= 0) throw new RangeError('partSize must be a positive integer');
  const count = Math.ceil(size / partSize);
  return Array.from({ length: count }, (_, index) => {
    const start = index * partSize;
    return { partNumber: index + 1, start, end: Math.min(size, start + partSize), isLastPart: index === count - 1 };
  });
}
