import { RECENT_UPLOADS_COUNT, STORAGE_KEYS, type SafeStorage } from '@cloudclip/shared-kernel';

/** One finished upload as the list remembers it (no password: it is never written to the browser). */
export interface RecentUpload {
  slug: string;
  filename: string;
  size: number;
  /** Web-client path `/file/{slug}`. */
  path: string;
  hasPassword: boolean;
  /** Epoch ms. */
  uploadedAt: number;
}

function isRecentUpload(value: unknown): value is RecentUpload {
  const entry = value as Partial<RecentUpload> | null;
  return (
    !!entry &&
    typeof entry.slug === 'string' &&
    entry.slug !== '' &&
    typeof entry.filename === 'string' &&
    typeof entry.path === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.uploadedAt === 'number'
  );
}

/**
 * The last uploads (spec §9: 3), newest first, kept in localStorage so they survive reloads.
 * Unreadable or foreign content in the key is ignored, never thrown.
 */
export class RecentUploadsStore {
  constructor(
    private readonly storage: SafeStorage,
    private readonly limit: number = RECENT_UPLOADS_COUNT,
  ) {}

  list(): RecentUpload[] {
    const raw = this.storage.get(STORAGE_KEYS.recentUploads);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed.filter(isRecentUpload).slice(0, this.limit) : [];
    } catch {
      return [];
    }
  }

  /** Adds an upload at the top (an older entry of the same share is replaced) and keeps the newest `limit`. */
  add(input: RecentUpload): RecentUpload[] {
    // Only the listed fields are written (a caller's extra fields, e.g. a password, never reach storage).
    const entry: RecentUpload = {
      slug: input.slug,
      filename: input.filename,
      size: input.size,
      path: input.path,
      hasPassword: !!input.hasPassword,
      uploadedAt: input.uploadedAt,
    };
    const next = [entry, ...this.list().filter((item) => item.slug !== entry.slug)].slice(0, this.limit);
    this.storage.set(STORAGE_KEYS.recentUploads, JSON.stringify(next));
    return next;
  }

  remove(slug: string): RecentUpload[] {
    const next = this.list().filter((item) => item.slug !== slug);
    this.storage.set(STORAGE_KEYS.recentUploads, JSON.stringify(next));
    return next;
  }

  clear(): RecentUpload[] {
    this.storage.remove(STORAGE_KEYS.recentUploads);
    return [];
  }
}
