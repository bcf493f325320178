import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import type { SystemService } from './system-service';
import type { QuotaConfig, QuotaState, UploadReservations } from './upload-reservations';

export type { QuotaState } from './upload-reservations';

const MB = 1024 * 1024;

/**
 * `max_upload_size` and per-config quotas (contract §5.4, §6.3; product spec §5 / §8 wording):
 * both refusals are 400 with a human-formatted message. The quota figures come from the upload
 * reservations (services/upload-reservations.ts), which also make the decisions atomic.
 */
export class UploadLimits {
  constructor(
    readonly reservations: UploadReservations,
    private readonly system: SystemService,
  ) {}

  /** `max_upload_size` in bytes. */
  async maxUploadBytes(): Promise<number> {
    return (await this.system.maxUploadSizeMb()) * MB;
  }

  tooLarge(maxBytes: number): HttpError {
    return new HttpError(400, 'file.tooLarge', { params: { size: formatBytes(maxBytes) } });
  }

  insufficientStorage(size: number, quota: QuotaState): HttpError {
    return new HttpError(400, 'file.insufficientStorage', {
      params: { fileSize: formatBytes(size), remaining: formatBytes(Math.max(0, quota.remaining)), capacity: formatBytes(quota.capacity) },
    });
  }

  /** The quota refusal in the shape the reservations take. */
  readonly refuseQuota = (size: number, quota: QuotaState): HttpError => this.insufficientStorage(size, quota);

  /** 400 when `size` is above `max_upload_size`. */
  async assertSize(size: number): Promise<void> {
    const max = await this.maxUploadBytes();
    if (size > max) throw this.tooLarge(max);
  }

  /** The quota as it stands (file rows and live reservations). */
  quota(config: QuotaConfig): Promise<QuotaState> {
    return this.reservations.quota(config);
  }

  /**
   * 400 when `size` more bytes do not fit into the config's quota right now. An early refusal
   * only (keeps the contract's order of checks): the space itself is taken by a reservation.
   */
  async assertQuota(config: QuotaConfig, size: number): Promise<QuotaState> {
    const state = await this.quota(config);
    if (size > state.remaining) throw this.insufficientStorage(size, state);
    return state;
  }
}

/**
 * Passes bytes through and fails (with the error `onExceeded` makes) as soon as more than `limit`
 * bytes went by, so an upload is stopped while it streams and never buffered whole.
 */
export class ByteLimiter extends Transform {
  bytes = 0;

  constructor(
    private readonly limit: number,
    private readonly onExceeded: (bytesSoFar: number) => Error,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      callback(this.onExceeded(this.bytes));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Pipes a request body into `limiter` without ever destroying the request: when the limiter fails,
 * the rest of the body is discarded so the refusal can still be answered; when the request breaks
 * off, the limiter fails too (the storage write is then abandoned and cleaned up by the driver).
 */
export function pipeRequestBody(source: Readable, limiter: ByteLimiter): ByteLimiter {
  const abandon = (): void => {
    source.unpipe(limiter);
    source.resume();
  };
  limiter.once('error', abandon);
  source.once('error', (error) => limiter.destroy(error));
  source.once('close', () => {
    const complete = (source as Readable & { complete?: boolean }).complete;
    if (complete === false && !limiter.destroyed) limiter.destroy(new Error('The upload was interrupted'));
  });
  source.pipe(limiter);
  return limiter;
}
