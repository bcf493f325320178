import { STORAGE_KEYS } from '@cloudclip/shared-kernel';

/** The part of `Storage` the draft needs (localStorage in the browser). */
export type DraftBacking = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type DraftSaveResult = 'saved' | 'cleared' | 'failed';

/**
 * The editor draft in localStorage (`STORAGE_KEYS.editorDraft`, the raw Markdown as the legacy
 * client kept it). Never throws: private mode, a full quota or disabled storage report 'failed'.
 */
export interface DraftStore {
  load(): string;
  /** Saves the content; an empty (whitespace-only) document removes the draft. */
  save(content: string): DraftSaveResult;
  clear(): void;
}

export function createDraftStore(backing: DraftBacking | null | undefined, key: string = STORAGE_KEYS.editorDraft): DraftStore {
  return {
    load() {
      try {
        return backing?.getItem(key) ?? '';
      } catch {
        return '';
      }
    },
    save(content) {
      if (!backing) return 'failed';
      try {
        if (content.trim() === '') {
          backing.removeItem(key);
          return 'cleared';
        }
        backing.setItem(key, content);
        return 'saved';
      } catch {
        return 'failed';
      }
    },
    clear() {
      try {
        backing?.removeItem(key);
      } catch {
        /* nothing stored */
      }
    },
  };
}

/** Default quiet time after the last keystroke before the draft is written. */
export const AUTOSAVE_DELAY_MS = 500;

/**
 * Debounced auto-save: `schedule` on every change, `flush` when the page is hidden or left, so a
 * reload or a crash loses at most the last half second of typing.
 */
export class DraftAutosaver {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: string | null = null;

  constructor(
    private readonly store: DraftStore,
    private readonly onSaved: (result: DraftSaveResult) => void = () => undefined,
    private readonly delayMs: number = AUTOSAVE_DELAY_MS,
  ) {}

  schedule(content: string): void {
    this.pending = content;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.delayMs);
  }

  /** Writes a pending change now (no-op when nothing is pending). */
  flush(): DraftSaveResult | null {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending === null) return null;
    const content = this.pending;
    this.pending = null;
    const result = this.store.save(content);
    this.onSaved(result);
    return result;
  }

  /** Drops a pending change (after an explicit clear). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }
}
