/** Texts of the pdf viewer (`viewers:pdf.*`). Same keys in both languages. */
export const pdfTexts = {
  'zh-CN': {},
  'en-US': {},
};
