import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database, StorageConfigRow, UploadReservationRow } from '../db/schema';
import { toIso, type Clock } from '../lib/time';
import { FileRepository } from '../repositories/file-repository';
import { UploadReservationRepository } from '../repositories/upload-reservation-repository';
import type { StorageDriver } from '../storage/storage-driver';
import { defaultQuotaBytes } from './storage-config-service';

/**
 * Upload reservations: how a storage config's quota (`total_storage_bytes`, contract §6.3) stays
 * true when uploads run in parallel.
 *
 * Every upload that counts against the quota first reserves its bytes — in one transaction that
 * locks the config's row, reads what is used and inserts the reservation only when it fits — and
 * only then accepts bytes. "Used" is the size of every file row plus every live reservation (a
 * pending row a reservation stands for is counted through the reservation, not twice). So two
 * uploads can never both take the last free bytes, on SQLite (one writer at a time) and on
 * PostgreSQL (the row lock makes the second transaction wait for the first).
 *
 * Who reserves what:
 * - upload-direct / form upload (`FileShareUploadService.storeUpload`): the declared length, else
 *   `min(max_upload_size, remaining)`; the body is cut at the reservation while it streams.
 * - s3/presign and url/presign: the declared size, else `min(max_upload_size, remaining)`, for the
 *   pending row. The presigned PUT is bound to it: S3 signs the exact `Content-Length`; a local
 *   URL accepts one body of at most the reserved bytes (routes/local-storage.ts, `claimBody`).
 * - url/multipart/init: the total size.
 *
 * A reservation ends when its upload settles (`settle`: the quota is checked again against the
 * real size and the file row is written or updated in the same transaction that deletes the
 * reservation), is refused or cancelled (`release`, `releaseFile`: failed stream, refused commit,
 * multipart abort, url/cancel, deleting a pending row), or expires (`expires_at`, dropped lazily
 * whenever the quota is computed). At start-up (`cleanupAtStart`, called by buildApp) every
 * reservation left by a previous run is abandoned with its pending row and its object, so a crash
 * leaves nothing half-done behind (with several replicas: only the expired ones).
 *
 * Nothing of an upload lives in process memory: the reservation, the pending row (with a multipart
 * upload's id) and the claim of a local PUT URL's body are rows, and a multipart upload's parts are
 * at the bucket (or in the local storage folder), so any replica on the same database continues or
 * commits what another one started, and the quota lock holds across replicas.
 */

/** The config columns the quota needs. */
export type QuotaConfig = Pick<StorageConfigRow, 'id' | 'provider_type' | 'total_storage_bytes'>;

/** The quota picture of one storage config. */
export interface QuotaState {
  /** `total_storage_bytes`, or the provider default when null / 0. */
  capacity: number;
  /** File rows plus live reservations (minus what the caller excluded). */
  used: number;
  remaining: number;
}

export interface Reservation {
  id: string;
  /** Bytes held: the most the upload may store. */
  bytes: number;
  expiresAt: string;
  /** The quota as the reservation found it (before taking its bytes): for refusal messages. */
  quota: QuotaState;
}

export interface ReserveRequest {
  /** A known size (`{ bytes }`) or, for an unknown one, whatever is left up to a limit (`{ upTo }`). */
  size: { bytes: number } | { upTo: number };
  /** How long the space is held without the upload settling. */
  ttlSeconds: number;
  createdBy?: string | null;
  /** The pending file row this reservation stands for (presigned and URL uploads). */
  fileId?: string;
  storagePath?: string;
  uploadId?: string;
}

/** What `settle` checks: the real size of the upload and the reservation / pending row it replaces. */
export interface SettleRequest {
  size: number;
  reservationId?: string | undefined;
  fileId?: string | undefined;
}

export type QuotaRefusal = (requestedBytes: number, quota: QuotaState) => Error;

/** Extra time a presigned upload's reservation outlives its URL (a PUT started just before expiry). */
export const PRESIGNED_RESERVATION_GRACE_SECONDS = 60 * 60;
/** A streaming upload holds its reservation at most this long (it is settled or released when the body ends). */
export const STREAMING_RESERVATION_SECONDS = 24 * 60 * 60;

export function quotaCapacity(config: QuotaConfig): number {
  const configured = config.total_storage_bytes === null ? 0 : Number(config.total_storage_bytes);
  return configured > 0 ? configured : defaultQuotaBytes(config.provider_type);
}

export class UploadReservations {
  private readonly repository: UploadReservationRepository;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {
    this.repository = new UploadReservationRepository(db);
  }

  private now(): string {
    return toIso(this.clock());
  }

  private async stateIn(
    repository: UploadReservationRepository,
    config: QuotaConfig,
    exclude: { reservationId?: string | undefined; fileId?: string | undefined },
  ): Promise<QuotaState> {
    const capacity = quotaCapacity(config);
    const used = await repository.usedBytes(config.id, this.now(), {
      ...(exclude.reservationId === undefined ? {} : { reservationId: exclude.reservationId }),
      ...(exclude.fileId === undefined ? {} : { fileId: exclude.fileId }),
    });
    return { capacity, used, remaining: capacity - used };
  }

  /** The quota as it stands (no lock: for messages and early refusals, never for the decision itself). */
  quota(config: QuotaConfig, exclude: { reservationId?: string; fileId?: string } = {}): Promise<QuotaState> {
    return this.stateIn(this.repository, config, exclude);
  }

  /**
   * One transaction holding the config's quota lock (expired reservations dropped first). Only
   * database work belongs in `work`: other uploads of the config wait for it.
   */
  private locked<T>(configId: string, work: (trx: Kysely<Database>, repository: UploadReservationRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const repository = new UploadReservationRepository(trx);
      await repository.lockConfig(configId);
      await repository.deleteExpired(configId, this.now());
      return work(trx, repository);
    });
  }

  /** Reserves space atomically; `refuse` makes the error when it does not fit (nothing is reserved then). */
  async reserve(config: QuotaConfig, request: ReserveRequest, refuse: QuotaRefusal): Promise<Reservation> {
    return this.locked(config.id, async (_trx, repository) => {
      const state = await this.stateIn(repository, config, {});
      let bytes: number;
      if ('bytes' in request.size) {
        bytes = request.size.bytes;
        if (bytes > state.remaining) throw refuse(bytes, state);
      } else {
        bytes = Math.max(0, Math.min(request.size.upTo, state.remaining));
      }
      const createdAt = this.clock();
      const row: UploadReservationRow = {
        id: randomUUID(),
        storage_config_id: config.id,
        file_id: request.fileId ?? null,
        storage_path: request.storagePath ?? null,
        upload_id: request.uploadId ?? null,
        bytes,
        body_claimed: 0,
        created_by: request.createdBy ?? null,
        created_at: toIso(createdAt),
        expires_at: toIso(new Date(createdAt.getTime() + Math.max(1, request.ttlSeconds) * 1000)),
      };
      await repository.insert(row);
      return { id: row.id, bytes, expiresAt: row.expires_at, quota: state };
    });
  }

  /**
   * Ends an upload that stored `size` bytes: in one locked transaction the quota is checked again
   * without this upload's reservation and pending row, `write` records the file (insert or update
   * through the transaction's FileRepository) and the reservation goes. Refused (`refuse`'s error,
   * nothing written, the reservation kept for the caller to release) when the size does not fit.
   */
  async settle(
    config: QuotaConfig,
    request: SettleRequest,
    refuse: QuotaRefusal,
    write: (files: FileRepository) => Promise<void>,
  ): Promise<void> {
    await this.locked(config.id, async (trx, repository) => {
      const state = await this.stateIn(repository, config, { reservationId: request.reservationId, fileId: request.fileId });
      if (request.size > state.remaining) throw refuse(request.size, state);
      await write(new FileRepository(trx));
      if (request.reservationId !== undefined) await repository.deleteById(request.reservationId);
    });
  }

  /** Gives the space back (failed or refused upload). */
  async release(id: string): Promise<void> {
    await this.repository.deleteById(id);
  }

  /** Gives back the space held for a pending row (cancel, abort, delete). */
  async releaseFile(fileId: string): Promise<void> {
    await this.repository.deleteByFileId(fileId);
  }

  /** The live reservation of a pending row, if any. */
  async forFile(fileId: string): Promise<UploadReservationRow | undefined> {
    const now = this.now();
    return (await this.repository.findByFileId(fileId)).find((row) => row.expires_at > now);
  }

  /** Local presigned PUT: claims the URL's one body (false: already used, settled, cancelled or expired). */
  claimBody(reservationId: string, configId: string, storagePath: string): Promise<boolean> {
    return this.repository.claimBody(reservationId, configId, storagePath, this.now());
  }

  /** The body did not arrive whole: the URL may be used again. */
  async unclaimBody(reservationId: string): Promise<void> {
    await this.repository.unclaimBody(reservationId);
  }

  /**
   * Start-up: every reservation is left over from a previous run (a streaming upload cut off by a
   * crash, a presigned upload never committed). Each one goes with its pending file row, its
   * multipart upload and its object — the object only when no other file row points at it (an
   * original-name upload may share the key of a committed file); `objectRemoved` is told of each
   * object deleted (the mounts showing it forget it). Returns how many were removed.
   *
   * With `replicas` above 1 (API_REPLICAS: several api-server processes on one database), the open
   * reservations are not leftovers: another replica may be receiving that body, or a client may
   * commit its presigned upload through any replica. Then only the expired ones go; what a crashed
   * replica was streaming stays held until its reservation expires (STREAMING_RESERVATION_SECONDS).
   */
  async cleanupAtStart(
    resolve: {
      config(id: string): Promise<StorageConfigRow | undefined>;
      driver(config: StorageConfigRow): StorageDriver;
      objectRemoved?(config: StorageConfigRow, key: string): Promise<void>;
    },
    replicas = 1,
  ): Promise<number> {
    const files = new FileRepository(this.db);
    const leftovers = await this.repository.listAll(replicas > 1 ? this.now() : undefined);
    for (const reservation of leftovers) {
      const config = await resolve.config(reservation.storage_config_id);
      const pending = reservation.file_id === null ? undefined : await files.findById(reservation.file_id);
      const key = pending?.storage_path ?? reservation.storage_path;
      if (pending) await files.deleteById(pending.id);
      if (config && key) {
        const driver = resolve.driver(config);
        if (reservation.upload_id) await driver.abortMultipartUpload(key, reservation.upload_id).catch(() => undefined);
        if ((await files.findByStorageKey(config.id, key)).length === 0) {
          const deleted = await driver.deleteObject(key).then(
            () => true,
            () => false,
          );
          if (deleted) await resolve.objectRemoved?.(config, key);
        }
      }
      await this.repository.deleteById(reservation.id);
    }
    return leftovers.length;
  }

  /** Records where a reservation's upload goes once that is known (presign: after the slug and key checks). */
  async setTarget(id: string, target: { storagePath?: string; uploadId?: string }): Promise<void> {
    await this.repository.setTarget(id, target);
  }
}
