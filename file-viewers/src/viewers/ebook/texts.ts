/** Texts of the ebook viewer (`viewers:ebook.*`). Same keys in both languages. */
export const ebookTexts = {
  'zh-CN': {},
  'en-US': {},
};
