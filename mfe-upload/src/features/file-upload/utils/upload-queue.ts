import type { UploadItemState, UploadPhase } from '@cloudclip/shared-kernel';
import type { UploadResult } from '../../../lib/upload-result';

export type { UploadResult };

/** One file of the list: its own state, phase, progress and speed. */
export interface UploadItem {
  id: string;
  file: File;
  name: string;
  size: number;
  state: UploadItemState;
  phase: UploadPhase;
  loaded: number;
  /** 0..100 */
  percent: number;
  /** Bytes per second over the last sample window; 0 when unknown. */
  speed: number;
  error: string | null;
  /** Refused before sending (too large): a retry cannot help, so none is offered. */
  refused: boolean;
  result: UploadResult | null;
  /** Start of the current speed window. */
  sample: { at: number; loaded: number };
}

export type QueueAction =
  | { type: 'add'; items: Array<{ id: string; file: File; refusal?: string | null }> }
  | { type: 'start'; id: string; at: number }
  | { type: 'phase'; id: string; phase: UploadPhase }
  | { type: 'progress'; id: string; loaded: number; total: number; at: number }
  | { type: 'succeed'; id: string; result: UploadResult }
  | { type: 'fail'; id: string; error: string }
  | { type: 'cancel'; id: string; message: string }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear-finished' };

/** Speed is measured over windows of at least this long, so the number does not flicker. */
export const SPEED_WINDOW_MS = 500;

function newItem(id: string, file: File, refusal?: string | null): UploadItem {
  return {
    id,
    file,
    name: file.name,
    size: file.size,
    state: refusal ? 'error' : 'pending',
    phase: 'preparing',
    loaded: 0,
    percent: 0,
    speed: 0,
    error: refusal ?? null,
    refused: !!refusal,
    result: null,
    sample: { at: 0, loaded: 0 },
  };
}

function update(
  items: UploadItem[],
  id: string,
  when: (item: UploadItem) => boolean,
  change: (item: UploadItem) => Partial<UploadItem>,
): UploadItem[] {
  let changed = false;
  const next = items.map((item) => {
    if (item.id !== id || !when(item)) return item;
    changed = true;
    return { ...item, ...change(item) };
  });
  return changed ? next : items;
}

const isRunning = (item: UploadItem) => item.state === 'uploading';

/**
 * The upload list as a state machine (spec §4): pending → uploading → success | error | cancelled;
 * error / cancelled → pending again on retry. Events that do not fit the current state (a late
 * progress event after a cancel, a retry of a success) are ignored.
 */
export function queueReducer(items: UploadItem[], action: QueueAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      return [...items, ...action.items.map(({ id, file, refusal }) => newItem(id, file, refusal))];
    case 'start':
      return update(
        items,
        action.id,
        (item) => item.state === 'pending',
        () => ({
          state: 'uploading',
          phase: 'preparing',
          loaded: 0,
          percent: 0,
          speed: 0,
          error: null,
          sample: { at: action.at, loaded: 0 },
        }),
      );
    case 'phase':
      return update(items, action.id, isRunning, () => ({ phase: action.phase }));
    case 'progress':
      return update(items, action.id, isRunning, (item) => {
        const total = action.total > 0 ? action.total : item.size;
        const percent = total > 0 ? Math.min(100, Math.floor((action.loaded / total) * 100)) : 0;
        const elapsed = action.at - item.sample.at;
        if (elapsed < SPEED_WINDOW_MS) return { loaded: action.loaded, percent };
        const speed = Math.max(0, ((action.loaded - item.sample.loaded) / elapsed) * 1000);
        return { loaded: action.loaded, percent, speed, sample: { at: action.at, loaded: action.loaded } };
      });
    case 'succeed':
      return update(items, action.id, isRunning, (item) => ({
        state: 'success',
        phase: 'completed',
        loaded: item.size,
        percent: 100,
        speed: 0,
        result: action.result,
      }));
    case 'fail':
      return update(items, action.id, isRunning, () => ({ state: 'error', speed: 0, error: action.error }));
    case 'cancel':
      return update(
        items,
        action.id,
        (item) => item.state === 'pending' || item.state === 'uploading',
        () => ({
          state: 'cancelled',
          speed: 0,
          error: action.message,
        }),
      );
    case 'retry':
      return update(
        items,
        action.id,
        (item) => (item.state === 'error' && !item.refused) || item.state === 'cancelled',
        () => ({
          state: 'pending',
          phase: 'preparing',
          loaded: 0,
          percent: 0,
          speed: 0,
          error: null,
        }),
      );
    case 'remove':
      return items.filter((item) => item.id !== action.id || item.state === 'uploading');
    case 'clear-finished':
      return items.filter((item) => item.state === 'pending' || item.state === 'uploading');
    default:
      return items;
  }
}

/** The pending items that may start now, given how many may run at once. */
export function nextToStart(items: UploadItem[], concurrency: number): UploadItem[] {
  const free = concurrency - items.filter(isRunning).length;
  return free > 0 ? items.filter((item) => item.state === 'pending').slice(0, free) : [];
}
