/** Texts of the media viewer (`viewers:media.*`). Same keys in both languages. */
export const mediaTexts = {
  'zh-CN': {},
  'en-US': {},
};
