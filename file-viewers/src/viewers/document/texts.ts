/** Texts of the document viewer (`viewers:document.*`). Same keys in both languages. */
export const documentTexts = {
  'zh-CN': {},
  'en-US': {},
};
