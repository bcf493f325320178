/** Texts of the code viewer (`viewers:code.*`). Same keys in both languages. */
export const codeTexts = {
  'zh-CN': {},
  'en-US': {},
};
