import { STORAGE_KEYS } from '@cloudclip/shared-kernel';
import { createDraftStore, DraftAutosaver, type DraftBacking } from './draft-store';

function memoryBacking(): DraftBacking & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('createDraftStore', () => {
  it('keeps the raw Markdown under the editor draft key and reads it back', () => {
    const backing = memoryBacking();
    const store = createDraftStore(backing);
    expect(store.save('# hello')).toBe('saved');
    expect(backing.data.get(STORAGE_KEYS.editorDraft)).toBe('# hello');
    expect(createDraftStore(backing).load()).toBe('# hello');
  });

  it('removes the draft when the document becomes empty or whitespace only', () => {
    const backing = memoryBacking();
    const store = createDraftStore(backing);
    store.save('text');
    expect(store.save('  \n ')).toBe('cleared');
    expect(backing.data.has(STORAGE_KEYS.editorDraft)).toBe(false);
    expect(store.load()).toBe('');
  });

  it('clears the draft', () => {
    const backing = memoryBacking();
    const store = createDraftStore(backing);
    store.save('text');
    store.clear();
    expect(store.load()).toBe('');
  });

  it('reports a failed save instead of throwing when the storage is full or disabled', () => {
    const full: DraftBacking = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createDraftStore(full);
    expect(store.save('big')).toBe('failed');
    expect(store.load()).toBe('');
    expect(createDraftStore(null).save('x')).toBe('failed');
  });
});

describe('DraftAutosaver', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('writes the last content once typing pauses for the delay', () => {
    const backing = memoryBacking();
    const saved = jest.fn();
    const saver = new DraftAutosaver(createDraftStore(backing), saved, 500);
    saver.schedule('a');
    jest.advanceTimersByTime(300);
    saver.schedule('ab');
    jest.advanceTimersByTime(300);
    expect(backing.data.size).toBe(0);
    jest.advanceTimersByTime(200);
    expect(backing.data.get(STORAGE_KEYS.editorDraft)).toBe('ab');
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saved).toHaveBeenCalledWith('saved');
  });

  it('flushes a pending change at once (page hidden or closed) and only once', () => {
    const backing = memoryBacking();
    const saver = new DraftAutosaver(createDraftStore(backing), undefined, 500);
    saver.schedule('unsaved');
    expect(saver.hasPending).toBe(true);
    expect(saver.flush()).toBe('saved');
    expect(backing.data.get(STORAGE_KEYS.editorDraft)).toBe('unsaved');
    expect(saver.flush()).toBeNull();
  });

  it('drops a pending change when cancelled (clear)', () => {
    const backing = memoryBacking();
    const saver = new DraftAutosaver(createDraftStore(backing), undefined, 500);
    saver.schedule('gone');
    saver.cancel();
    jest.advanceTimersByTime(1000);
    expect(backing.data.size).toBe(0);
  });
});
