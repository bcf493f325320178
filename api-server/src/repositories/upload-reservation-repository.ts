import type { Kysely } from 'kysely';
import type { Database, UploadReservationRow } from '../db/schema';

/**
 * SQL of `upload_reservations` (quota space held by unfinished uploads, see
 * services/upload-reservations.ts). Works on the app's Kysely instance or inside one of its
 * transactions (`new UploadReservationRepository(trx)`).
 *
 * Timestamps are ISO-8601 text with `Z` (written by application code), so `expires_at > now`
 * compares correctly as text on both engines.
 */
export class UploadReservationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Serializes quota decisions on one storage config: a no-op write of its row. PostgreSQL then
   * holds the row lock until the transaction ends, so a second transaction doing the same waits
   * and reads what the first one wrote; SQLite takes its write lock (one writer at a time, also
   * across processes). Portable, unlike `SELECT … FOR UPDATE`, which SQLite does not parse.
   */
  async lockConfig(configId: string): Promise<void> {
    await this.db
      .updateTable('storage_configs')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', configId)
      .execute();
  }

  async insert(row: UploadReservationRow): Promise<void> {
    await this.db.insertInto('upload_reservations').values(row).execute();
  }

  findById(id: string): Promise<UploadReservationRow | undefined> {
    return this.db.selectFrom('upload_reservations').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByFileId(fileId: string): Promise<UploadReservationRow[]> {
    return this.db.selectFrom('upload_reservations').selectAll().where('file_id', '=', fileId).execute();
  }

  /** Every reservation, oldest first; with `expiredBy`, only those that ended by then. */
  listAll(expiredBy?: string): Promise<UploadReservationRow[]> {
    let query = this.db.selectFrom('upload_reservations').selectAll();
    if (expiredBy !== undefined) query = query.where('expires_at', '<=', expiredBy);
    return query.orderBy('created_at').execute();
  }

  async deleteById(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('upload_reservations').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async deleteByFileId(fileId: string): Promise<number> {
    const result = await this.db.deleteFrom('upload_reservations').where('file_id', '=', fileId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Drops the reservations of a config that ended before `now`. */
  async deleteExpired(configId: string, now: string): Promise<number> {
    const result = await this.db
      .deleteFrom('upload_reservations')
      .where('storage_config_id', '=', configId)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Bytes a config's quota has given away at `now`: the size of every file row, except the pending
   * rows a live reservation stands for, plus every live reservation. `exclude` leaves out one
   * reservation and one file row (the upload being settled).
   */
  async usedBytes(configId: string, now: string, exclude: { reservationId?: string; fileId?: string } = {}): Promise<number> {
    let files = this.db
      .selectFrom('files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint | null>('size'), eb.lit(0)).as('total'))
      .where('s3_config_id', '=', configId)
      .where(({ not, exists, selectFrom }) => {
        let standsFor = selectFrom('upload_reservations')
          .select('upload_reservations.id')
          .whereRef('upload_reservations.file_id', '=', 'files.id')
          .where('upload_reservations.storage_config_id', '=', configId)
          .where('upload_reservations.expires_at', '>', now);
        if (exclude.reservationId !== undefined) standsFor = standsFor.where('upload_reservations.id', '!=', exclude.reservationId);
        return not(exists(standsFor));
      });
    if (exclude.fileId !== undefined) files = files.where('files.id', '!=', exclude.fileId);
    let reservations = this.db
      .selectFrom('upload_reservations')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint | null>('bytes'), eb.lit(0)).as('total'))
      .where('storage_config_id', '=', configId)
      .where('expires_at', '>', now);
    if (exclude.reservationId !== undefined) reservations = reservations.where('id', '!=', exclude.reservationId);
    const [fileTotal, reservedTotal] = [await files.executeTakeFirstOrThrow(), await reservations.executeTakeFirstOrThrow()];
    return Number(fileTotal.total ?? 0) + Number(reservedTotal.total ?? 0);
  }

  /**
   * Marks the one body of a presigned local PUT as being received. False when the reservation is
   * gone (committed, cancelled, expired, cleaned up), belongs to another object, or a body was
   * already claimed.
   */
  async claimBody(id: string, configId: string, storagePath: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('upload_reservations')
      .set({ body_claimed: 1 })
      .where('id', '=', id)
      .where('storage_config_id', '=', configId)
      .where('storage_path', '=', storagePath)
      .where('body_claimed', '=', 0)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** A body that failed to arrive: the URL may be used again. */
  async unclaimBody(id: string): Promise<void> {
    await this.db.updateTable('upload_reservations').set({ body_claimed: 0 }).where('id', '=', id).execute();
  }

  async setTarget(id: string, target: { storagePath?: string; uploadId?: string }): Promise<void> {
    if (target.storagePath === undefined && target.uploadId === undefined) return;
    await this.db
      .updateTable('upload_reservations')
      .set({
        ...(target.storagePath === undefined ? {} : { storage_path: target.storagePath }),
        ...(target.uploadId === undefined ? {} : { upload_id: target.uploadId }),
      })
      .where('id', '=', id)
      .execute();
  }
}
