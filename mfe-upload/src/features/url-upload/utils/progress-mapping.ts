import { URL_UPLOAD_PROGRESS } from '@cloudclip/shared-kernel';

export type UrlUploadStage = 'download' | 'upload';

/**
 * Overall percentage of a URL import (spec §9): the download fills 0–49 %, the upload 50–99 %;
 * 100 % is reserved for the committed share. `fraction` is the stage's own progress (0..1).
 */
export function overallPercent(stage: UrlUploadStage, fraction: number): number {
  const [from, to] = URL_UPLOAD_PROGRESS[stage];
  const clamped = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  return from + Math.floor(clamped * (to - from));
}
