import { PASTE_TAGS_MAX, PASTE_TAG_MAX_LENGTH, normalisePasteTags, pasteTagKey } from './paste-tags';

describe('paste tags', () => {
  it('normalises spacing, drops case-insensitive duplicates and keeps the first spelling and the order', () => {
    expect(normalisePasteTags(['  Work  notes ', 'todo', 'WORK notes', '工作'])).toEqual({ tags: ['Work notes', 'todo', '工作'] });
    expect(normalisePasteTags([])).toEqual({ tags: [] });
    expect(pasteTagKey(' Todo ')).toBe('todo');
  });

  it('refuses what is not a list of text, blank tags, commas and control characters', () => {
    expect(normalisePasteTags('todo')).toEqual({ problem: 'notAList' });
    expect(normalisePasteTags([1])).toEqual({ problem: 'notText' });
    expect(normalisePasteTags(['  '])).toEqual({ problem: 'empty' });
    expect(normalisePasteTags(['a,b'])).toEqual({ problem: 'badCharacter' });
    expect(normalisePasteTags(['a\u0007'])).toEqual({ problem: 'badCharacter' });
  });

  it('accepts the limits and refuses one over them', () => {
    expect(normalisePasteTags(['x'.repeat(PASTE_TAG_MAX_LENGTH)])).toEqual({ tags: ['x'.repeat(PASTE_TAG_MAX_LENGTH)] });
    expect(normalisePasteTags(['x'.repeat(PASTE_TAG_MAX_LENGTH + 1)])).toEqual({ problem: 'tooLong' });
    const many = Array.from({ length: PASTE_TAGS_MAX }, (_, i) => `t${i}`);
    expect(normalisePasteTags(many)).toEqual({ tags: many });
    expect(normalisePasteTags([...many, 'one more'])).toEqual({ problem: 'tooMany' });
    // Duplicates do not count towards the limit.
    expect(normalisePasteTags([...many, 'T0'])).toEqual({ tags: many });
  });
});
