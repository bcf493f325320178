import { buildFileUpdate } from './file-edit';

const now = new Date('2025-07-01T08:00:00.000Z');
const current = { slug: 'f1', remark: 'old', expires_at: null, max_views: 5 };

describe('buildFileUpdate', () => {
  it('sends nothing when nothing changed', () => {
    expect(buildFileUpdate({ remark: 'old', slug: 'f1', expiry: 'keep', maxViews: '5' }, current, now)).toEqual({});
  });

  it('sends only what changed; max views only when different (the server resets the count)', () => {
    expect(buildFileUpdate({ remark: '', slug: 'renamed', expiry: '1d', maxViews: '0', password: 'pw' }, current, now)).toEqual({
      remark: null,
      slug: 'renamed',
      expires_at: '2025-07-02T08:00:00.000Z',
      max_views: null,
      password: 'pw',
    });
  });

  it('clears the password with an empty string', () => {
    expect(buildFileUpdate({ remark: 'old', slug: 'f1', maxViews: '5', clearPassword: true }, current, now)).toEqual({ password: '' });
  });

  it('refuses a bad suffix or max views', () => {
    expect(buildFileUpdate({ slug: 'a/b' }, current, now)).toBeNull();
    expect(buildFileUpdate({ slug: 'f1', maxViews: 'x' }, current, now)).toBeNull();
  });
});
