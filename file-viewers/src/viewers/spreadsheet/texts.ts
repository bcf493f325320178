/** Texts of the spreadsheet viewer (`viewers:spreadsheet.*`). Same keys in both languages. */
export const spreadsheetTexts = {
  'zh-CN': {
    parsing: '正在读取表格…',
    openingSheet: '正在打开工作表…',
    sheets: '工作表',
    size: '{{rows}} 行 × {{cols}} 列',
    empty: '此工作表为空。',
    grid: '{{sheet}} 的单元格',
    moreRows: '仅显示前 {{shown}} 行（共 {{total}} 行）。',
    moreRowsUnknown: '仅显示前 {{shown}} 行，文件中还有更多行。',
    moreColumns: '仅显示前 {{shown}} 列（共 {{total}} 列）。',
    moreSheets: '仅显示前 {{shown}} 个工作表（共 {{total}} 个）。',
    readingRest: '正在读取其余的行…',
  },
  'en-US': {
    parsing: 'Reading the spreadsheet…',
    openingSheet: 'Opening the sheet…',
    sheets: 'Sheets',
    size: '{{rows}} rows × {{cols}} columns',
    empty: 'This sheet is empty.',
    grid: 'Cells of {{sheet}}',
    moreRows: 'Showing the first {{shown}} of {{total}} rows.',
    moreRowsUnknown: 'Showing the first {{shown}} rows; the file has more.',
    moreColumns: 'Showing the first {{shown}} of {{total}} columns.',
    moreSheets: 'Showing the first {{shown}} of {{total}} sheets.',
    readingRest: 'Reading the remaining rows…',
  },
};
