import type { FileCommitResponse as WireFileCommitResponse } from '@cloudclip/contract';

/**
 * The answer of a share commit (`POST /s3/commit`, `POST /url/commit`) as the kernel gives it to
 * apps. On the wire `maxViews` is what the request carried, `null` when it sent none; the kernel
 * turns `null` into `0`, which means "unlimited" as well, so this type keeps the shape the kernel
 * has always published (`maxViews: number`).
 */
export interface FileCommitResponse extends Omit<WireFileCommitResponse, 'maxViews'> {
  /** `0` = unlimited (the wire's `null`). */
  maxViews: number;
}

/** `POST /url/commit` answers what `POST /s3/commit` does. */
export type UrlCommitResponse = FileCommitResponse;

/** The wire answer of a commit with `maxViews: null` normalised to `0`. */
export function normaliseCommit(answer: WireFileCommitResponse): FileCommitResponse {
  return { ...answer, maxViews: answer.maxViews ?? 0 };
}
