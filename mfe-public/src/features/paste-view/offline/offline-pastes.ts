import { openDatabase, requestResult, transactionDone } from '@cloudclip/shared-kernel';
import type { LoadedPaste } from '../api/paste-api';

/**
 * Offline copies of the pastes opened last in this browser (IndexedDB of this origin): when the
 * server cannot be reached, `/paste/{slug}` shows the copy instead of an error.
 *
 * What is kept is what the server sent for the paste, nothing more. Never kept: a burn-after-reading
 * paste (the sender wanted it read once), a password-protected one (its text was given for the
 * password; a copy would let anyone holding the device read it without), one whose views are used
 * up. An end-to-end encrypted paste is kept as the ciphertext the server sent: the key lives in the
 * link's `#fragment` only, so the copy is as unreadable as the server's without the link.
 */

/** How many pastes are kept; opening one more drops the one saved longest ago. */
export const OFFLINE_PASTE_LIMIT = 20;

const DATABASE = 'cloudclip-offline-pastes';
const STORE = 'pastes';

/** The saved fields: exactly those of the server's answer the page renders (never a password). */
export type OfflinePasteData = Omit<LoadedPaste, 'password' | 'burned' | 'burnAfterReading'>;

export interface OfflinePaste {
  slug: string;
  paste: OfflinePasteData;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
}

function openStore(): Promise<IDBDatabase> {
  return openDatabase(DATABASE, 1, (db) => {
    if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'slug' });
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T> | T): Promise<T> {
  const db = await openStore();
  try {
    const transaction = db.transaction(STORE, mode);
    const done = transactionDone(transaction);
    // A failed request aborts the transaction: its rejection is the one reported (by `work`).
    done.catch(() => undefined);
    const result = await work(transaction.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

function expired(paste: Pick<LoadedPaste, 'expiresAt'>, now: number): boolean {
  if (!paste.expiresAt) return false;
  const at = Date.parse(paste.expiresAt);
  return Number.isFinite(at) && at <= now;
}

/** Whether a paste may be kept offline (see the rules above); false for one that is expired or has used its views up. */
export function mayKeepOffline(paste: LoadedPaste, now = Date.now()): boolean {
  if (paste.burnAfterReading || paste.burned) return false;
  if (paste.hasPassword || paste.password !== undefined) return false;
  if (paste.maxViews !== null && paste.maxViews > 0 && paste.views >= paste.maxViews) return false;
  return !expired(paste, now);
}

/** The fields kept, listed one by one so that nothing the page adds to its paste (a password, a decrypted text) is stored. */
function keptFields(paste: LoadedPaste): OfflinePasteData {
  return {
    ...(paste.id !== undefined ? { id: paste.id } : {}),
    slug: paste.slug,
    content: paste.content,
    remark: paste.remark,
    hasPassword: false,
    expiresAt: paste.expiresAt,
    maxViews: paste.maxViews,
    views: paste.views,
    createdAt: paste.createdAt,
    ...(paste.updatedAt !== undefined ? { updatedAt: paste.updatedAt } : {}),
    createdBy: paste.createdBy,
    ...(paste.encryption !== undefined ? { encryption: paste.encryption } : {}),
  };
}

/**
 * Keeps (or refreshes) the copy of a paste just opened, newest first, at most OFFLINE_PASTE_LIMIT.
 * A paste that may not be kept removes its older copy instead (it got a password, was edited into a
 * burn paste, used its views up).
 * @returns whether a copy is kept now
 */
export async function saveOfflinePaste(paste: LoadedPaste, now = Date.now()): Promise<boolean> {
  if (!mayKeepOffline(paste, now)) {
    await forgetOfflinePaste(paste.slug);
    return false;
  }
  const entry: OfflinePaste = { slug: paste.slug, paste: keptFields(paste), savedAt: now };
  await withStore('readwrite', async (store) => {
    store.put(entry);
    const all = (await requestResult(store.getAll())) as OfflinePaste[];
    all.sort((a, b) => b.savedAt - a.savedAt);
    for (const old of all.slice(OFFLINE_PASTE_LIMIT)) store.delete(old.slug);
  });
  return true;
}

/** The saved copy of a paste, or null (none, or it expired meanwhile: then it is removed). */
export async function offlinePaste(slug: string, now = Date.now()): Promise<OfflinePaste | null> {
  const entry = await withStore('readonly', (store) => requestResult(store.get(slug)) as Promise<OfflinePaste | undefined>);
  if (!entry) return null;
  if (expired(entry.paste, now)) {
    await forgetOfflinePaste(slug);
    return null;
  }
  return entry;
}

/** Every saved copy, newest first. */
export async function offlinePastes(): Promise<OfflinePaste[]> {
  const all = await withStore('readonly', (store) => requestResult(store.getAll()) as Promise<OfflinePaste[]>);
  return all.sort((a, b) => b.savedAt - a.savedAt);
}

/** Removes the copy of a paste (the server says it is gone, or it may no longer be kept). */
export async function forgetOfflinePaste(slug: string): Promise<void> {
  await withStore('readwrite', (store) => {
    store.delete(slug);
  });
}
