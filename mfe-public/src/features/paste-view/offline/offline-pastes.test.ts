import '../../../test/fake-indexed-db';
import type { LoadedPaste } from '../api/paste-api';
import { forgetOfflinePaste, mayKeepOffline, OFFLINE_PASTE_LIMIT, offlinePaste, offlinePastes, saveOfflinePaste } from './offline-pastes';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

function paste(slug: string, extra: Partial<LoadedPaste> = {}): LoadedPaste {
  return {
    id: `id-${slug}`,
    slug,
    content: `text of ${slug}`,
    remark: null,
    hasPassword: false,
    expiresAt: null,
    maxViews: null,
    views: 1,
    createdAt: '2026-11-01T08:00:00.000Z',
    createdBy: null,
    ...extra,
  };
}

/** Everything the database holds, as the bytes an attacker with the device would read. */
async function storedText(): Promise<string> {
  return JSON.stringify(await offlinePastes());
}

beforeEach(async () => {
  for (const entry of await offlinePastes()) await forgetOfflinePaste(entry.slug);
});

describe('offline pastes', () => {
  it('keeps a paste as the server sent it, with the time it was saved', async () => {
    expect(await saveOfflinePaste(paste('a', { remark: 'notes' }), NOW)).toBe(true);
    expect(await offlinePaste('a', NOW)).toEqual({
      slug: 'a',
      savedAt: NOW,
      paste: paste('a', { remark: 'notes' }),
    });
    expect(await offlinePaste('missing', NOW)).toBeNull();
  });

  it(`keeps the ${OFFLINE_PASTE_LIMIT} opened last, newest first, dropping the oldest`, async () => {
    for (let index = 0; index < OFFLINE_PASTE_LIMIT + 3; index += 1) await saveOfflinePaste(paste(`p${index}`), NOW + index * 1000);
    const kept = await offlinePastes();
    expect(kept).toHaveLength(OFFLINE_PASTE_LIMIT);
    expect(kept[0]!.slug).toBe(`p${OFFLINE_PASTE_LIMIT + 2}`);
    expect(kept.at(-1)!.slug).toBe('p3');
    expect(await offlinePaste('p2', NOW)).toBeNull();
    // Opening an old one again makes it the newest: the next one to go is another.
    await saveOfflinePaste(paste('p3'), NOW + 100_000);
    await saveOfflinePaste(paste('new'), NOW + 200_000);
    expect(await offlinePaste('p3', NOW)).not.toBeNull();
    expect(await offlinePaste('p4', NOW)).toBeNull();
    expect((await offlinePastes()).slice(0, 2).map((entry) => entry.slug)).toEqual(['new', 'p3']);
  });

  it('never keeps a burn-after-reading paste', async () => {
    expect(await saveOfflinePaste(paste('burn', { burnAfterReading: true, burned: true }), NOW)).toBe(false);
    expect(await saveOfflinePaste(paste('burn2', { burned: true }), NOW)).toBe(false);
    expect(await offlinePastes()).toEqual([]);
  });

  it('never keeps a password-protected paste, nor its password, and drops an older copy when it gets one', async () => {
    await saveOfflinePaste(paste('locked'), NOW);
    expect(await saveOfflinePaste(paste('locked', { hasPassword: true, password: 'hunter2', content: 'the secret' }), NOW + 1)).toBe(false);
    expect(await offlinePaste('locked', NOW)).toBeNull();
    expect(await storedText()).not.toContain('hunter2');
    expect(await storedText()).not.toContain('the secret');
  });

  it('keeps an encrypted paste only as the ciphertext, with nothing added by the page', async () => {
    const envelope = 'ccenc1.AAAAciphertextAAAA';
    const opened = { ...paste('enc', { content: envelope, encryption: 'aes-256-gcm/v1' as const }) } as LoadedPaste &
      Record<string, unknown>;
    // Whatever a page might have hung on its object (a decrypted text, the key) is not part of the server's answer.
    opened.markdown = 'PLAINTEXT';
    opened.key = 'KEY-FROM-THE-LINK';
    await saveOfflinePaste(opened, NOW);
    const saved = await offlinePaste('enc', NOW);
    expect(saved?.paste.content).toBe(envelope);
    expect(saved?.paste.encryption).toBe('aes-256-gcm/v1');
    expect(await storedText()).not.toMatch(/PLAINTEXT|KEY-FROM-THE-LINK/);
  });

  it('does not keep a paste whose views are used up or that has expired, and forgets a copy once it expires', async () => {
    expect(mayKeepOffline(paste('last', { maxViews: 3, views: 3 }), NOW)).toBe(false);
    expect(mayKeepOffline(paste('more', { maxViews: 3, views: 2 }), NOW)).toBe(true);
    expect(mayKeepOffline(paste('old', { expiresAt: '2026-11-28T11:00:00.000Z' }), NOW)).toBe(false);
    await saveOfflinePaste(paste('soon', { expiresAt: '2026-11-28T13:00:00.000Z' }), NOW);
    expect(await offlinePaste('soon', NOW)).not.toBeNull();
    expect(await offlinePaste('soon', NOW + 2 * 3600_000)).toBeNull();
    expect(await offlinePastes()).toEqual([]);
  });

  it('forgets a copy', async () => {
    await saveOfflinePaste(paste('a'), NOW);
    await saveOfflinePaste(paste('b'), NOW + 1);
    await forgetOfflinePaste('a');
    expect((await offlinePastes()).map((entry) => entry.slug)).toEqual(['b']);
  });
});
