/** @jest-environment node */
import 'fake-indexeddb/auto';
import { putSharedItem, sharedItemIdOf, sharedMarkdownOf, SHARE_INBOX_MAX_AGE_MS, takeSharedItem } from './share-inbox';

describe('share inbox', () => {
  it('hands an item over once: the second take finds nothing', async () => {
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const id = await putSharedItem({ text: 'look', files: [file] });
    const taken = await takeSharedItem(id);
    expect(taken?.text).toBe('look');
    // Node's structured clone keeps a File as an object (a browser keeps the File); the count is what survives here.
    expect(taken?.files).toHaveLength(1);
    expect(await takeSharedItem(id)).toBeNull();
  });

  it('drops an item nobody took within a day', async () => {
    const start = Date.now();
    const id = await putSharedItem({ text: 'old' }, start);
    expect(await takeSharedItem(id, start + SHARE_INBOX_MAX_AGE_MS + 1)).toBeNull();
    const stale = await putSharedItem({ text: 'stale' }, start);
    await putSharedItem({ text: 'new' }, start + SHARE_INBOX_MAX_AGE_MS + 1);
    expect(await takeSharedItem(stale, start)).toBeNull();
  });

  it('builds the editor text from title, text and link without repeating them', () => {
    expect(sharedMarkdownOf({ title: 'A page', text: 'Worth a read', url: 'https://example.com/a' })).toBe(
      '# A page\n\nWorth a read\n\nhttps://example.com/a',
    );
    expect(sharedMarkdownOf({ title: '', text: 'see https://example.com/a', url: 'https://example.com/a' })).toBe(
      'see https://example.com/a',
    );
    expect(sharedMarkdownOf({ title: 'https://x.io', text: '', url: 'https://x.io' })).toBe('https://x.io');
  });

  it('reads the item id from the address', () => {
    expect(sharedItemIdOf('?share=abc&x=1')).toBe('abc');
    expect(sharedItemIdOf('?x=1')).toBeNull();
  });
});
