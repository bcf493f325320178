import { emptyDraft, expiryHours, normalisePath, validateUploadOptions } from './upload-options';

const draft = (change: Partial<ReturnType<typeof emptyDraft>> = {}) => ({ ...emptyDraft('cfg-1'), ...change });

test('empty optional fields give no suffix, no path, never expires and unlimited views', () => {
  const result = validateUploadOptions(draft());
  expect(result.valid).toBe(true);
  expect(result.value).toEqual({
    storageConfigId: 'cfg-1',
    slug: null,
    path: null,
    remark: null,
    password: null,
    expiresInHours: 0,
    maxViews: 0,
  });
});

test('converts expiry choices to hours', () => {
  expect(expiryHours('1h')).toBe(1);
  expect(expiryHours('1d')).toBe(24);
  expect(expiryHours('7d')).toBe(168);
  expect(expiryHours('30d')).toBe(720);
  expect(expiryHours('never')).toBe(0);
  expect(validateUploadOptions(draft({ expiry: '7d' })).value?.expiresInHours).toBe(168);
});

test('rejects a custom link with spaces or other characters, accepts letters, digits, - and _', () => {
  expect(validateUploadOptions(draft({ slug: 'my file' })).errors.slug?.key).toBe('customSlugInvalidChars');
  expect(validateUploadOptions(draft({ slug: 'a/b' })).errors.slug?.key).toBe('customSlugInvalidChars');
  expect(validateUploadOptions(draft({ slug: '  ' })).errors.slug?.key).toBe('customSlugInvalidFormat');
  expect(validateUploadOptions(draft({ slug: ' My-file_2 ' })).value?.slug).toBe('My-file_2');
});

test('refuses a custom link for several files at once', () => {
  const result = validateUploadOptions(draft({ slug: 'abc' }), { fileCount: 2 });
  expect(result.valid).toBe(false);
  expect(result.errors.slug).toEqual({ ns: 'upload', key: 'options.slugSingleFileOnly', params: {} });
});

test('max views must be a whole number that is not negative (0 = unlimited)', () => {
  expect(validateUploadOptions(draft({ maxViews: '-1' })).errors.maxViews?.key).toBe('maxViewsNegative');
  expect(validateUploadOptions(draft({ maxViews: '1.5' })).errors.maxViews?.key).toBe('maxViewsNotInteger');
  expect(validateUploadOptions(draft({ maxViews: 'abc' })).errors.maxViews?.key).toBe('maxViewsNotInteger');
  expect(validateUploadOptions(draft({ maxViews: '0' })).value?.maxViews).toBe(0);
  expect(validateUploadOptions(draft({ maxViews: ' 5 ' })).value?.maxViews).toBe(5);
});

test('needs a storage configuration', () => {
  expect(validateUploadOptions(draft({ storageConfigId: '' })).errors.storageConfigId?.key).toBe('options.storageRequired');
});

test('normalises the path and refuses dot segments and forbidden characters', () => {
  expect(normalisePath(' /docs//2026/ ')).toEqual({ value: 'docs/2026', error: null });
  expect(normalisePath('')).toEqual({ value: null, error: null });
  expect(normalisePath('../etc').error?.key).toBe('options.pathInvalid');
  expect(normalisePath('a/./b').error?.key).toBe('options.pathInvalid');
  expect(normalisePath('a:b').error?.key).toBe('options.pathInvalid');
  expect(validateUploadOptions(draft({ path: 'x/../y' })).valid).toBe(false);
});

test('keeps the password as typed and trims the remark', () => {
  const result = validateUploadOptions(draft({ password: ' pw ', remark: '  note ' }));
  expect(result.value).toMatchObject({ password: ' pw ', remark: 'note' });
});
