/** Texts of the spreadsheet viewer (`viewers:spreadsheet.*`). Same keys in both languages. */
export const spreadsheetTexts = {
  'zh-CN': {},
  'en-US': {},
};
