/** Texts of the document viewer (`viewers:document.*`). Same keys in both languages. */
export const documentTexts = {
  'zh-CN': {
    empty: '这个文档没有可显示的内容。',
    truncated: '文档太长，这里只显示开头部分；请下载后阅读全文。',
  },
  'en-US': {
    empty: 'This document has nothing to show.',
    truncated: 'The document is long, so only its beginning is shown here; download it to read it all.',
  },
};
