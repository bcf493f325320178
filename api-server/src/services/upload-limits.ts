import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { StorageConfigRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import type { FileRepository } from '../repositories/file-repository';
import { defaultQuotaBytes } from './storage-config-service';
import type { SystemService } from './system-service';

const MB = 1024 * 1024;

/** The quota picture of one storage config (contract §6.3). */
export interface QuotaState {
  /** `total_storage_bytes`, or the provider default when null / 0. */
  capacity: number;
  /** Sum of `size` over the config's file rows (minus an excluded row). */
  used: number;
  remaining: number;
}

/**
 * `max_upload_size` and per-config quotas (contract §5.4, §6.3; product spec §5 / §8 wording):
 * both refusals are 400 with a human-formatted message.
 */
export class UploadLimits {
  constructor(
    private readonly files: FileRepository,
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

  /** 400 when `size` is above `max_upload_size`. */
  async assertSize(size: number): Promise<void> {
    const max = await this.maxUploadBytes();
    if (size > max) throw this.tooLarge(max);
  }

  async quota(
    config: Pick<StorageConfigRow, 'id' | 'provider_type' | 'total_storage_bytes'>,
    exclude?: { size: number },
  ): Promise<QuotaState> {
    const configured = config.total_storage_bytes === null ? 0 : Number(config.total_storage_bytes);
    const capacity = configured > 0 ? configured : defaultQuotaBytes(config.provider_type);
    const used = (await this.files.sumSizeByConfig(config.id)) - Number(exclude?.size ?? 0);
    return { capacity, used, remaining: capacity - used };
  }

  /** 400 when `size` more bytes do not fit into the config's quota. */
  async assertQuota(
    config: Pick<StorageConfigRow, 'id' | 'provider_type' | 'total_storage_bytes'>,
    size: number,
    exclude?: { size: number },
  ): Promise<QuotaState> {
    const state = await this.quota(config, exclude);
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
