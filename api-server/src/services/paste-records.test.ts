import { CONTENT_PREVIEW_LENGTH, contentPreview } from './paste-records';

describe('contentPreview', () => {
  it('keeps content of up to 200 characters as it is', () => {
    expect(contentPreview('short')).toBe('short');
    expect(contentPreview('x'.repeat(CONTENT_PREVIEW_LENGTH))).toBe('x'.repeat(CONTENT_PREVIEW_LENGTH));
  });

  it('cuts longer content to 200 characters and appends "..."', () => {
    expect(contentPreview('y'.repeat(CONTENT_PREVIEW_LENGTH + 1))).toBe(`${'y'.repeat(CONTENT_PREVIEW_LENGTH)}...`);
  });

  it('counts characters, not UTF-16 units, so emoji are never split', () => {
    const preview = contentPreview('🙂'.repeat(CONTENT_PREVIEW_LENGTH + 1));
    expect(preview).toBe(`${'🙂'.repeat(CONTENT_PREVIEW_LENGTH)}...`);
    expect(contentPreview('🙂'.repeat(CONTENT_PREVIEW_LENGTH))).toBe('🙂'.repeat(CONTENT_PREVIEW_LENGTH));
  });
});
