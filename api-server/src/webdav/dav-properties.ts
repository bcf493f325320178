import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database, DavPropertyRow } from '../db/schema';
import { toIso, type Clock } from '../lib/time';
import { takeDavGuard } from './dav-guard';
import { atOrBelowSql, relocate } from './dav-subtree';

/**
 * Dead properties (RFC 4918 §4): what clients store with PROPPATCH on a resource and read back
 * with PROPFIND, kept per virtual path in `dav_properties` (shared by every api-server on one
 * database). The server never interprets a value: it is the property element's content as the
 * client sent it (a content tail of dav-xml-serialize.ts, namespaces declared once). COPY, MOVE and DELETE
 * carry a resource's properties along with it (`copyTree`, `moveTree`, `deleteTree`).
 *
 * They live in the database, not in a storage, so they are capped here rather than counted against
 * a storage's quota: a value, a resource's count and bytes, and the bytes one API key keeps over
 * every resource (each row records who set or copied it: `principal`, `stored_bytes`).
 */

/** One dead property: namespace URI ('' for none), local name, and the value as opaque XML (a content tail, or content stored by earlier versions). */
export interface DeadProperty {
  ns: string;
  local: string;
  valueXml: string;
}

/** One instruction of a PROPPATCH, applied in document order. */
export type DeadPropertyChange = { op: 'set'; ns: string; local: string; valueXml: string } | { op: 'remove'; ns: string; local: string };

/** The largest value we keep, in UTF-8 bytes (a PROPPATCH over it gets 507 Insufficient Storage). */
export const MAX_DEAD_PROPERTY_BYTES = 64 * 1024;
/** The most dead properties one resource may have. */
export const MAX_DEAD_PROPERTIES_PER_RESOURCE = 200;
/**
 * The most UTF-8 bytes (names and values) the dead properties of one resource may take together:
 * what a PROPFIND of it repeats. Clients store a few short values (Windows: four times and
 * attributes, ~300 bytes).
 */
export const MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE = 1024 * 1024;
/**
 * The most UTF-8 bytes (names and values) of dead properties one API key may keep over every
 * resource: ~50,000 files with the properties Windows sets. The admin is not capped: it owns the
 * server and its disk.
 */
export const MAX_DEAD_PROPERTY_BYTES_PER_KEY = 16 * 1024 * 1024;
/** The longest namespace URI and the longest local name, each in UTF-8 bytes (they are part of the table's key). */
export const MAX_DEAD_PROPERTY_NAME_BYTES = 512;

/** Which limit a PROPPATCH went over. */
export type DavPropertyLimit = 'valueTooLarge' | 'nameTooLong' | 'tooManyProperties' | 'resourceFull' | 'principalFull';

/** Who writes dead properties: the principal its rows are recorded for, and the cap of its total. */
export interface DeadPropertyWriter {
  /** `admin:<id>` / `apikey:<id>`, as locks name them. */
  principal: string;
  /** The most `stored_bytes` the principal may hold over every resource; null = no cap (the admin). */
  maxBytes: number | null;
}

/** The writer a WebDAV request's caller is: capped at MAX_DEAD_PROPERTY_BYTES_PER_KEY unless it is the admin. */
export function deadPropertyWriter(callerKind: 'admin' | 'apiKey', principal: string): DeadPropertyWriter {
  return { principal, maxBytes: callerKind === 'admin' ? null : MAX_DEAD_PROPERTY_BYTES_PER_KEY };
}

/** What a row counts for its principal and its resource: UTF-8 bytes of its names and value. */
export function storedBytesOf(property: DeadProperty): number {
  return Buffer.byteLength(property.ns, 'utf8') + Buffer.byteLength(property.local, 'utf8') + Buffer.byteLength(property.valueXml, 'utf8');
}

/** A PROPPATCH went over a limit; none of its changes were written. */
export class DavPropertyLimitError extends Error {
  constructor(
    readonly limit: DavPropertyLimit,
    /** The property at fault (absent for `tooManyProperties`). */
    readonly property?: { ns: string; local: string },
  ) {
    super(property ? `dead property {${property.ns}}${property.local}: ${limit}` : `dead properties: ${limit}`);
    this.name = 'DavPropertyLimitError';
  }
}

/** Rows per INSERT when a tree is copied (7 parameters each: far below both engines' limits). */
const INSERT_CHUNK = 200;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Refuses a change whose name or value is over the limits, before anything is written. */
function checkLimits(change: DeadPropertyChange): void {
  const property = { ns: change.ns, local: change.local };
  if (
    Buffer.byteLength(change.ns, 'utf8') > MAX_DEAD_PROPERTY_NAME_BYTES ||
    Buffer.byteLength(change.local, 'utf8') > MAX_DEAD_PROPERTY_NAME_BYTES
  ) {
    throw new DavPropertyLimitError('nameTooLong', property);
  }
  if (change.op === 'set' && Buffer.byteLength(change.valueXml, 'utf8') > MAX_DEAD_PROPERTY_BYTES) {
    throw new DavPropertyLimitError('valueTooLarge', property);
  }
}

/** The `stored_bytes` of every row recorded for `principal`. */
async function bytesOf(db: Kysely<Database>, principal: string): Promise<number> {
  const { bytes } = await db
    .selectFrom('dav_properties')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), eb.lit(0)).as('bytes'))
    .where('principal', '=', principal)
    .executeTakeFirstOrThrow();
  return Number(bytes);
}

/** Throws DavPropertyLimitError('principalFull') when the writer's rows, as this transaction sees them, pass its cap. */
async function checkWriterCap(trx: Kysely<Database>, writer: DeadPropertyWriter): Promise<void> {
  if (writer.maxBytes !== null && (await bytesOf(trx, writer.principal)) > writer.maxBytes) {
    throw new DavPropertyLimitError('principalFull');
  }
}

/**
 * The dead-property table's rules. Works on the app's Kysely instance; every write that reads
 * first (patch, copy, move) runs in one transaction holding the `properties` guard
 * (webdav/dav-guard.ts), so the per-resource limit holds under concurrent PROPPATCHes, also
 * across api-servers.
 */
export class DavPropertyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The dead properties of `path`, sorted by namespace, then local name (code-unit order on every engine). */
  async list(path: string): Promise<DeadProperty[]> {
    const rows = await this.db.selectFrom('dav_properties').select(['ns', 'local', 'value_xml']).where('path', '=', path).execute();
    return rows
      .map((row) => ({ ns: row.ns, local: row.local, valueXml: row.value_xml }))
      .sort((a, b) => compareText(a.ns, b.ns) || compareText(a.local, b.local));
  }

  /**
   * Applies a PROPPATCH: every change in order (a set then a remove of the same name ends
   * removed), in one transaction; the properties set are recorded for `writer`. Throws
   * DavPropertyLimitError — and writes nothing — when a name or value is too long, the resource
   * would end with more than MAX_DEAD_PROPERTIES_PER_RESOURCE properties or
   * MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE bytes, or the writer with more than its cap.
   */
  async patch(path: string, changes: DeadPropertyChange[], writer: DeadPropertyWriter): Promise<void> {
    changes.forEach(checkLimits);
    if (changes.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      const nowIso = toIso(this.clock());
      await takeDavGuard(trx, 'properties', nowIso);
      for (const change of changes) {
        if (change.op === 'set') {
          const owned = { principal: writer.principal, stored_bytes: storedBytesOf(change), updated_at: nowIso };
          await trx
            .insertInto('dav_properties')
            .values({ path, ns: change.ns, local: change.local, value_xml: change.valueXml, ...owned })
            .onConflict((conflict) => conflict.columns(['path', 'ns', 'local']).doUpdateSet({ value_xml: change.valueXml, ...owned }))
            .execute();
        } else {
          await trx
            .deleteFrom('dav_properties')
            .where('path', '=', path)
            .where('ns', '=', change.ns)
            .where('local', '=', change.local)
            .execute();
        }
      }
      const { count, bytes } = await trx
        .selectFrom('dav_properties')
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), eb.lit(0)).as('bytes'),
        ])
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
      if (Number(count) > MAX_DEAD_PROPERTIES_PER_RESOURCE) throw new DavPropertyLimitError('tooManyProperties');
      if (Number(bytes) > MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE) throw new DavPropertyLimitError('resourceFull');
      await checkWriterCap(trx, writer);
    });
  }

  /**
   * Whether copying the properties of `from` (and, when `deep`, of everything below it) keeps
   * `writer` under its cap, counting what the rows there count now: the early refusal of a COPY,
   * before any object is copied (`copyTree` checks again in its transaction).
   */
  async copyFits(from: string, deep: boolean, writer: DeadPropertyWriter): Promise<boolean> {
    if (writer.maxBytes === null) return true;
    const source = await this.db
      .selectFrom('dav_properties')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('stored_bytes'), eb.lit(0)).as('bytes'))
      .where(deep ? atOrBelowSql('path', from) : sql<SqlBool>`${sql.ref('path')} = ${from}`)
      .executeTakeFirstOrThrow();
    return Number(source.bytes) + (await bytesOf(this.db, writer.principal)) <= writer.maxBytes;
  }

  /**
   * Copies the properties of `from` and everything below it to the same relative paths under
   * `to`. Whatever `to` and its subtree had before is replaced: after a COPY the destination
   * tree is exactly a copy of the source (RFC 4918 §9.8.4 deletes an overwritten destination first).
   * The copies are recorded for `writer`; DavPropertyLimitError ('principalFull', nothing copied)
   * when they take it over its cap.
   */
  async copyTree(from: string, to: string, writer: DeadPropertyWriter): Promise<void> {
    await this.transfer(from, to, writer);
  }

  /** Moves the properties of `from` and everything below it under `to` (replacing `to`'s, as `copyTree`), in one transaction; they stay whose they were. */
  async moveTree(from: string, to: string): Promise<void> {
    await this.transfer(from, to, null);
  }

  /** Deletes the properties of `path` and everything below it. */
  async deleteTree(path: string): Promise<void> {
    await this.db.deleteFrom('dav_properties').where(atOrBelowSql('path', path)).execute();
  }

  /** A copy recorded for `copier`, or a move (`copier` null) that keeps every row as it was but its path. */
  private async transfer(from: string, to: string, copier: DeadPropertyWriter | null): Promise<void> {
    const move = copier === null;
    await this.db.transaction().execute(async (trx) => {
      const nowIso = toIso(this.clock());
      await takeDavGuard(trx, 'properties', nowIso);
      const rows = await trx.selectFrom('dav_properties').selectAll().where(atOrBelowSql('path', from)).execute();
      await trx.deleteFrom('dav_properties').where(atOrBelowSql('path', to)).execute();
      if (move) await trx.deleteFrom('dav_properties').where(atOrBelowSql('path', from)).execute();
      const moved: DavPropertyRow[] = rows.map((row) =>
        copier === null
          ? { ...row, path: relocate(row.path, from, to) }
          : {
              ...row,
              path: relocate(row.path, from, to),
              updated_at: nowIso,
              principal: copier.principal,
              stored_bytes: storedBytesOf({ ns: row.ns, local: row.local, valueXml: row.value_xml }),
            },
      );
      for (let offset = 0; offset < moved.length; offset += INSERT_CHUNK) {
        await trx
          .insertInto('dav_properties')
          .values(moved.slice(offset, offset + INSERT_CHUNK))
          .execute();
      }
      if (copier !== null) await checkWriterCap(trx, copier);
    });
  }
}

/**
 * What the fs API tells WebDAV's per-path state (services/fs/fs-access.ts PathMetadata): a removed
 * path loses its dead properties and locks; a moved one takes its properties along and loses its
 * locks (as a WebDAV MOVE does).
 */
export function davPathMetadata(
  properties: Pick<DavPropertyStore, 'deleteTree' | 'moveTree'>,
  locks: { removeWithin(path: string): Promise<void> },
): { removed(path: string): Promise<void>; moved(from: string, to: string): Promise<void> } {
  return {
    async removed(path) {
      await properties.deleteTree(path);
      await locks.removeWithin(path);
    },
    async moved(from, to) {
      await properties.moveTree(from, to);
      await locks.removeWithin(from);
    },
  };
}
