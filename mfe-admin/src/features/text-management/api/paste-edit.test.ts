import { PASTE_ENCRYPTION_V1 } from '@cloudclip/shared-kernel';
import { buildPasteUpdate, type PasteEditCurrent } from './paste-edit';

const now = new Date('2025-07-01T08:00:00.000Z');
const current = { slug: 'abc', expires_at: '2025-07-02T08:00:00.000Z', content: 'hi' };

describe('buildPasteUpdate', () => {
  it('always sends remark, expiry and max views (the server replaces them)', () => {
    expect(buildPasteUpdate({ content: 'hi', remark: '  ', expiry: 'keep', maxViews: '0', slug: 'abc' }, current, now)).toEqual({
      content: 'hi',
      remark: null,
      expiresAt: '2025-07-02T08:00:00.000Z',
      maxViews: null,
    });
  });

  it('computes a new expiry from now, or null for never', () => {
    expect(buildPasteUpdate({ content: 'hi', expiry: '1h' }, current, now)?.expiresAt).toBe('2025-07-01T09:00:00.000Z');
    expect(buildPasteUpdate({ content: 'hi', expiry: 'never' }, current, now)?.expiresAt).toBeNull();
  });

  it('sends a changed suffix as newSlug and the password changes', () => {
    expect(buildPasteUpdate({ content: 'hi', slug: 'new_one', maxViews: '3', password: 'pw' }, current, now)).toMatchObject({
      newSlug: 'new_one',
      maxViews: 3,
      password: 'pw',
    });
    expect(buildPasteUpdate({ content: 'hi', clearPassword: true }, current, now)).toMatchObject({ clearPassword: true });
  });

  it('sends tags only when the form has them: normalised, [] to clear; refuses what the contract refuses', () => {
    expect(buildPasteUpdate({ content: 'hi' }, current, now)).not.toHaveProperty('tags');
    expect(buildPasteUpdate({ content: 'hi', tags: [] }, current, now)?.tags).toEqual([]);
    expect(buildPasteUpdate({ content: 'hi', tags: [' a  b ', 'A B', 'c'] }, current, now)?.tags).toEqual(['a b', 'c']);
    expect(buildPasteUpdate({ content: 'hi', tags: ['x'.repeat(33)] }, current, now)).toBeNull();
  });

  it('refuses empty content, a bad suffix and negative max views', () => {
    expect(buildPasteUpdate({ content: '  ' }, current, now)).toBeNull();
    expect(buildPasteUpdate({ content: 'hi', slug: 'has space' }, current, now)).toBeNull();
    expect(buildPasteUpdate({ content: 'hi', maxViews: '-1' }, current, now)).toBeNull();
  });

  it('sends an encrypted paste’s stored envelope back unchanged, whatever the content field holds', () => {
    const envelope = '{"v":1,"alg":"AES-256-GCM","iv":"AAAAAAAAAAAAAAAA","ct":"BBBB"}';
    const encrypted: PasteEditCurrent = { ...current, content: envelope, encryption: PASTE_ENCRYPTION_V1 };
    expect(buildPasteUpdate({ content: 'edited text', remark: 'new remark', maxViews: '4' }, encrypted, now)).toEqual({
      content: envelope,
      remark: 'new remark',
      expiresAt: '2025-07-02T08:00:00.000Z',
      maxViews: 4,
    });
    expect(buildPasteUpdate({ remark: 'only the remark' }, encrypted, now)?.content).toBe(envelope);
    // A plain paste still takes what the form holds.
    expect(buildPasteUpdate({ content: 'edited text' }, current, now)?.content).toBe('edited text');
  });
});
