import { fitShareRemark, isShareRemarkTooLong, SHARE_REMARK_MAX_LENGTH } from './share-remark';

describe('file share remarks (issue 41: a 512 KB remark was stored)', () => {
  it('refuses only a remark longer than SHARE_REMARK_MAX_LENGTH', () => {
    expect(isShareRemarkTooLong(undefined)).toBe(false);
    expect(isShareRemarkTooLong(null)).toBe(false);
    expect(isShareRemarkTooLong('')).toBe(false);
    expect(isShareRemarkTooLong('x'.repeat(SHARE_REMARK_MAX_LENGTH))).toBe(false);
    expect(isShareRemarkTooLong('x'.repeat(SHARE_REMARK_MAX_LENGTH + 1))).toBe(true);
    expect(isShareRemarkTooLong('x'.repeat(512 * 1024))).toBe(true);
  });

  it('cuts a generated remark to fit, with an ellipsis, never inside a surrogate pair', () => {
    expect(fitShareRemark('short')).toBe('short');
    const cut = fitShareRemark('a'.repeat(5000));
    expect(cut).toHaveLength(SHARE_REMARK_MAX_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    const emoji = fitShareRemark(`${'a'.repeat(SHARE_REMARK_MAX_LENGTH - 3)}${'😀'.repeat(10)}`);
    expect(isShareRemarkTooLong(emoji)).toBe(false);
    expect(emoji).toBe(`${'a'.repeat(SHARE_REMARK_MAX_LENGTH - 3)}😀…`);
    const split = fitShareRemark(`${'a'.repeat(SHARE_REMARK_MAX_LENGTH - 2)}${'😀'.repeat(10)}`);
    expect(split).toBe(`${'a'.repeat(SHARE_REMARK_MAX_LENGTH - 2)}…`);
  });
});
