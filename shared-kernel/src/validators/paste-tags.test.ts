import { PASTE_TAG_MAX_LENGTH, PASTE_TAGS_MAX } from '@cloudclip/contract';
import i18next from 'i18next';
import { validationResources } from '../i18n/resources/validation';
import { addPasteTags, validatePasteTags } from './paste-tags';
import type { ValidationError } from './validation-result';

const many = (count: number) => Array.from({ length: count }, (_, index) => `tag${index}`);

async function say(language: 'zh-CN' | 'en-US', error: ValidationError | null): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { validation: validationResources[language] } } });
  return error ? i18n.t(error.key, { ns: error.ns, ...error.params }) : '';
}

describe('validatePasteTags', () => {
  it('accepts no tags and returns accepted ones as the server stores them', () => {
    expect(validatePasteTags([])).toEqual({ valid: true, value: [], error: null });
    expect(validatePasteTags(['  Work   log ', 'work log', '笔记'])).toEqual({ valid: true, value: ['Work log', '笔记'], error: null });
  });

  it('accepts exactly the longest tag and the most tags', () => {
    expect(validatePasteTags(['a'.repeat(PASTE_TAG_MAX_LENGTH)]).valid).toBe(true);
    expect(validatePasteTags(many(PASTE_TAGS_MAX)).valid).toBe(true);
  });

  it('refuses a tag one character too long, naming the limit in both languages', async () => {
    const { error } = validatePasteTags(['a'.repeat(PASTE_TAG_MAX_LENGTH + 1)]);
    expect(error).toEqual({ ns: 'validation', key: 'pasteTagTooLong', params: { max: PASTE_TAG_MAX_LENGTH } });
    expect(await say('en-US', error)).toBe(`A tag can be at most ${PASTE_TAG_MAX_LENGTH} characters long`);
    expect(await say('zh-CN', error)).toBe(`每个标签最多 ${PASTE_TAG_MAX_LENGTH} 个字符`);
  });

  it('refuses one tag too many, naming the limit in both languages', async () => {
    const { error } = validatePasteTags(many(PASTE_TAGS_MAX + 1));
    expect(error).toEqual({ ns: 'validation', key: 'pasteTagsTooMany', params: { max: PASTE_TAGS_MAX } });
    expect(await say('en-US', error)).toBe(`A paste can have at most ${PASTE_TAGS_MAX} tags`);
    expect(await say('zh-CN', error)).toBe(`最多只能添加 ${PASTE_TAGS_MAX} 个标签`);
  });

  it('refuses commas and control characters, saying so', async () => {
    expect(validatePasteTags(['a,b']).error?.key).toBe('pasteTagBadCharacter');
    const { error } = validatePasteTags(['bell\u0007']);
    expect(error?.key).toBe('pasteTagBadCharacter');
    expect(await say('en-US', error)).toBe('A tag cannot contain commas or control characters');
    expect(await say('zh-CN', error)).toBe('标签不能包含逗号或控制字符');
  });

  it('refuses a blank tag and anything that is not a list of text', () => {
    expect(validatePasteTags(['ok', '  ']).error?.key).toBe('pasteTagEmpty');
    expect(validatePasteTags('work').error?.key).toBe('pasteTagsInvalid');
    expect(validatePasteTags([1]).error?.key).toBe('pasteTagsInvalid');
  });
});

describe('addPasteTags', () => {
  it('splits what was typed on commas and adds the pieces after the current tags', () => {
    expect(addPasteTags(['a'], ' b, c ,,d ').value).toEqual(['a', 'b', 'c', 'd']);
  });

  it('keeps the current tags when nothing was typed', () => {
    expect(addPasteTags(['a'], ' , ')).toEqual({ valid: true, value: ['a'], error: null });
  });

  it('drops a duplicate of a current tag, whatever its case', () => {
    expect(addPasteTags(['Work'], 'WORK').value).toEqual(['Work']);
  });

  it('refuses what would break the rule: too long, too many, control characters', () => {
    expect(addPasteTags([], 'x'.repeat(PASTE_TAG_MAX_LENGTH + 1)).error?.key).toBe('pasteTagTooLong');
    expect(addPasteTags(many(PASTE_TAGS_MAX), 'one more').error?.key).toBe('pasteTagsTooMany');
    expect(addPasteTags([], 'a\u0001').error?.key).toBe('pasteTagBadCharacter');
  });
});
