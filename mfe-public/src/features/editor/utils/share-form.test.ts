import { DEFAULT_SHARE_VALUES, validateShareField, validateShareForm, type ShareFormValues } from './share-form';

const NOW = Date.parse('2025-07-01T08:00:00.000Z');
const values = (patch: Partial<ShareFormValues> = {}): ShareFormValues => ({ ...DEFAULT_SHARE_VALUES, ...patch });

describe('validateShareForm', () => {
  it('builds the create request: expiry as now + hours, max views only when above 0, empty fields left out', () => {
    const result = validateShareForm('# hi', values({ expiry: '7d', maxViews: '0' }), NOW);
    expect(result.valid).toBe(true);
    expect(result.request).toEqual({ content: '# hi', expiresAt: '2025-07-08T08:00:00.000Z' });
  });

  it('sends remark (trimmed), password, max views and the trimmed custom suffix', () => {
    const result = validateShareForm(
      'x',
      values({ remark: '  note ', password: 'pw', maxViews: '3', slug: ' my-notes_1 ', expiry: '1h' }),
      NOW,
    );
    expect(result.request).toEqual({
      content: 'x',
      remark: 'note',
      password: 'pw',
      maxViews: 3,
      slug: 'my-notes_1',
      expiresAt: '2025-07-01T09:00:00.000Z',
    });
  });

  it('sends no expiry for never', () => {
    expect(validateShareForm('x', values({ expiry: 'never' }), NOW).request).toEqual({ content: 'x' });
  });

  it('rejects a custom link with spaces or other characters with the "only allowed characters" message', () => {
    const result = validateShareForm('x', values({ slug: 'my notes' }), NOW);
    expect(result.valid).toBe(false);
    expect(result.errors.slug).toEqual({ key: 'validation:customSlugInvalidChars', params: {} });
    expect(validateShareForm('x', values({ slug: 'a/b' })).errors.slug).toMatchObject({ key: 'validation:customSlugInvalidChars' });
    expect(validateShareForm('x', values({ slug: '链接' })).errors.slug).toMatchObject({ key: 'validation:customSlugInvalidChars' });
  });

  it('rejects a suffix made only of spaces with the "invalid format" message', () => {
    expect(validateShareForm('x', values({ slug: '   ' })).errors.slug).toMatchObject({ key: 'validation:customSlugInvalidFormat' });
  });

  it('rejects negative and fractional max views', () => {
    expect(validateShareForm('x', values({ maxViews: '-1' })).errors.maxViews).toMatchObject({ key: 'validation:maxViewsNegative' });
    expect(validateShareForm('x', values({ maxViews: '1.5' })).errors.maxViews).toMatchObject({ key: 'validation:maxViewsNotInteger' });
    expect(validateShareForm('x', values({ maxViews: 'abc' })).errors.maxViews).toMatchObject({ key: 'validation:maxViewsNotInteger' });
  });

  it('needs some content', () => {
    const result = validateShareForm(' \n ', values());
    expect(result.valid).toBe(false);
    expect(result.errors.content).toEqual({ key: 'public:share.errors.contentRequired' });
  });

  it('reports every invalid field at once', () => {
    const result = validateShareForm('', values({ slug: 'a b', maxViews: '-2' }));
    expect(Object.keys(result.errors).sort()).toEqual(['content', 'maxViews', 'slug']);
  });
});

describe('validateShareForm with tags', () => {
  it('sends nothing about tags when the backend does not offer them, whatever the form holds', () => {
    const result = validateShareForm('x', values({ expiry: 'never', tags: ['work'], tagDraft: 'x'.repeat(99) }), NOW);
    expect(result).toMatchObject({ valid: true, request: { content: 'x' } });
    expect(result.request).not.toHaveProperty('tags');
  });

  it('sends the added tags and what is still typed, normalised, when offered', () => {
    const result = validateShareForm('x', values({ expiry: 'never', tags: ['Work'], tagDraft: ' to  do , work' }), NOW, { tags: true });
    expect(result.request).toEqual({ content: 'x', tags: ['Work', 'to do'] });
  });

  it('sends no tags field when none were added', () => {
    expect(validateShareForm('x', values({ expiry: 'never' }), NOW, { tags: true }).request).toEqual({ content: 'x' });
  });

  it('refuses a tag the contract refuses, with the validator’s message, and sends nothing', () => {
    const result = validateShareForm('x', values({ tagDraft: 'x'.repeat(33) }), NOW, { tags: true });
    expect(result.valid).toBe(false);
    expect(result.errors.tags).toEqual({ key: 'validation:pasteTagTooLong', params: { max: 32 } });
  });
});

describe('validateShareForm with burn after reading', () => {
  it('sends burnAfterReading only when the backend offers it (issue 41: never promise a burn that will not happen)', () => {
    expect(validateShareForm('x', values({ expiry: 'never', burnAfterReading: true }), NOW).request).toEqual({ content: 'x' });
    expect(validateShareForm('x', values({ expiry: 'never', burnAfterReading: true }), NOW, { burnAfterReading: true }).request).toEqual({
      content: 'x',
      burnAfterReading: true,
    });
  });
});

describe('validateShareField', () => {
  it('checks one field while typing', () => {
    expect(validateShareField('slug', values({ slug: 'ok_1' }))).toBeNull();
    expect(validateShareField('slug', values({ slug: 'no!' }))).toMatchObject({ key: 'validation:customSlugInvalidChars' });
    expect(validateShareField('maxViews', values({ maxViews: '' }))).toBeNull();
    expect(validateShareField('maxViews', values({ maxViews: '-5' }))).toMatchObject({ key: 'validation:maxViewsNegative' });
  });
});
