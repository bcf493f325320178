import type { FallbackReason } from './types';

/** A viewer's reason for giving up on a file; the layer shows it in one line beside the download. */
export class ViewerError extends Error {
  constructor(
    readonly reason: FallbackReason,
    message?: string,
  ) {
    super(message ?? reason);
    this.name = 'ViewerError';
  }
}

/** The reason to show for anything a viewer threw or reported. */
export function reasonOf(error: unknown): FallbackReason {
  if (error instanceof ViewerError) return error.reason;
  if (error instanceof Error && /ChunkLoadError|Loading chunk|Loading CSS chunk/.test(`${error.name} ${error.message}`))
    return 'chunk-failed';
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return 'unreachable';
  if (error instanceof RangeError || (error instanceof Error && /allocation|out of memory|Array buffer/i.test(error.message)))
    return 'too-large';
  return 'damaged';
}
