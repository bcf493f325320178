// The share inbox: where something sent to Cloudclip from outside the page waits for the page that
// takes it. The service worker puts what the phone's share sheet posted to /share-target (text, a
// link, files); the host puts files dropped on any page. The page it redirects to (`/?share=<id>`:
// the editor; `/upload?share=<id>`: the upload queue) takes the item, which removes it.
// Browser storage (IndexedDB) of this origin only; an item nobody took is dropped after a day.
// No imports but indexed-db.ts: the service worker bundles this file.
import { openDatabase, requestResult, transactionDone } from './indexed-db';

/** The query parameter that names an inbox item. */
export const SHARE_QUERY_PARAM = 'share';
/** `?share=unavailable`: the share sheet posted while no service worker was there to take it. */
export const SHARE_UNAVAILABLE = 'unavailable';
/** Where the share sheet posts (the web app manifest's share_target.action). */
export const SHARE_TARGET_PATH = '/share-target';
/** Items older than this are dropped the next time the inbox is opened. */
export const SHARE_INBOX_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const DATABASE = 'cloudclip-share-inbox';
const STORE = 'items';

export interface SharedItemInput {
  title?: string;
  text?: string;
  url?: string;
  files?: File[];
}

export interface SharedItem {
  id: string;
  /** ms since the epoch */
  createdAt: number;
  title: string;
  text: string;
  url: string;
  files: File[];
}

function openInbox(): Promise<IDBDatabase> {
  return openDatabase(DATABASE, 1, (db) => {
    if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: 'id' });
  });
}

function newId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Whether the item carries files (it belongs on the upload page) rather than only text. */
export function hasFiles(item: Pick<SharedItem, 'files'> | SharedItemInput): boolean {
  return (item.files?.length ?? 0) > 0;
}

/** Stores an item and returns its id. Items past their age are dropped on the way. */
export async function putSharedItem(input: SharedItemInput, now = Date.now()): Promise<string> {
  const db = await openInbox();
  try {
    const item: SharedItem = {
      id: newId(),
      createdAt: now,
      title: input.title?.trim() ?? '',
      text: input.text ?? '',
      url: input.url?.trim() ?? '',
      files: [...(input.files ?? [])],
    };
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    const all = (await requestResult(store.getAll())) as SharedItem[];
    for (const old of all) if (now - old.createdAt > SHARE_INBOX_MAX_AGE_MS) store.delete(old.id);
    store.put(item);
    await transactionDone(transaction);
    return item.id;
  } finally {
    db.close();
  }
}

/** Takes (reads and removes) an item; null when there is none by that id, or it is too old. */
export async function takeSharedItem(id: string, now = Date.now()): Promise<SharedItem | null> {
  if (!id || id === SHARE_UNAVAILABLE) return null;
  const db = await openInbox();
  try {
    const transaction = db.transaction(STORE, 'readwrite');
    const store = transaction.objectStore(STORE);
    const item = ((await requestResult(store.get(id))) as SharedItem | undefined) ?? null;
    if (item) store.delete(id);
    await transactionDone(transaction);
    if (!item || now - item.createdAt > SHARE_INBOX_MAX_AGE_MS) return null;
    return item;
  } finally {
    db.close();
  }
}

/**
 * The Markdown an editor starts from for a shared text: the title as a heading when it adds
 * something, then the text, then the link when the text does not already carry it (Android puts
 * the link in the text, iOS in the url field).
 */
export function sharedMarkdownOf(item: Pick<SharedItem, 'title' | 'text' | 'url'>): string {
  const text = item.text.trim();
  const url = item.url.trim();
  const title = item.title.trim();
  const parts: string[] = [];
  if (title && !text.includes(title) && title !== url) parts.push(`# ${title}`);
  if (text) parts.push(text);
  if (url && !text.includes(url)) parts.push(url);
  return parts.join('\n\n');
}

/** The inbox id a page address names (`?share=…`), or null. */
export function sharedItemIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get(SHARE_QUERY_PARAM);
  return id ? id : null;
}
