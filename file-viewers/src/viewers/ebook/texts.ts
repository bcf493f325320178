/** Texts of the ebook viewer (`viewers:ebook.*`). Same keys in both languages. */
export const ebookTexts = {
  'zh-CN': {
    contents: '目录',
    previous: '上一章',
    next: '下一章',
    position: '第 {{n}} / {{total}} 章',
    section: '第 {{n}} 部分',
    chapterFrame: '章节：{{title}}',
  },
  'en-US': {
    contents: 'Contents',
    previous: 'Previous',
    next: 'Next',
    position: '{{n}} of {{total}}',
    section: 'Section {{n}}',
    chapterFrame: 'Chapter: {{title}}',
  },
};
