/** Texts of the html viewer (`viewers:html.*`). Same keys in both languages. */
export const htmlTexts = {
  'zh-CN': {},
  'en-US': {},
};
