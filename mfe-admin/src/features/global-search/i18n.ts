import type { Texts } from '../../i18n/texts';

/** Texts of the global search in the header (namespace `admin`, merged in i18n/resources.ts). */
const zhCN = {
  globalSearch: {
    label: '搜索文本和文件',
    placeholder: '搜索文本和文件…',
    open: '搜索',
    close: '关闭搜索',
    results: '搜索结果',
    searching: '正在搜索…',
    count: '共 {{count}} 条结果',
    empty: '没有与“{{query}}”匹配的文本或文件',
    failed: '搜索失败',
    more: '更多结果',
    kindPaste: '文本',
    kindFile: '文件',
    encrypted: '端到端加密',
    passwordProtected: '有密码保护',
  },
};

const enUS: Texts<typeof zhCN> = {
  globalSearch: {
    label: 'Search texts and files',
    placeholder: 'Search texts and files…',
    open: 'Search',
    close: 'Close search',
    results: 'Search results',
    searching: 'Searching…',
    count: 'Results: {{count}}',
    empty: 'No text or file matches “{{query}}”',
    failed: 'The search failed',
    more: 'More results',
    kindPaste: 'Text',
    kindFile: 'File',
    encrypted: 'End-to-end encrypted',
    passwordProtected: 'Password protected',
  },
};

export const globalSearchTexts = { 'zh-CN': zhCN, 'en-US': enUS };
