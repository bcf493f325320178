/** Texts of the code viewer (`viewers:code.*`). Same keys in both languages. */
export const codeTexts = {
  'zh-CN': {
    wrap: '自动换行',
    wrapOff: '大文件（超过 {{size}} 或 {{lines}} 行）不自动换行。',
    copy: '复制',
    copied: '已复制',
    copyFailed: '无法复制，请选中文本后按 Ctrl+C。',
    loaded: '已加载 {{loaded}} / {{total}}',
    loadedUnknown: '已加载 {{loaded}}',
    lines_one: '{{formatted}} 行',
    lines_other: '{{formatted}} 行',
    notHighlighted: '超过 {{size}}，未做语法高亮。',
    longLine: '此行超过 {{max}} 个字符，其余部分未显示。',
  },
  'en-US': {
    wrap: 'Wrap lines',
    wrapOff: 'Lines do not wrap in large files (over {{size}} or {{lines}} lines).',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy: select the text and press Ctrl+C.',
    loaded: 'Loaded {{loaded}} of {{total}}',
    loadedUnknown: 'Loaded {{loaded}}',
    lines_one: '{{formatted}} line',
    lines_other: '{{formatted}} lines',
    notHighlighted: 'Not highlighted: larger than {{size}}.',
    longLine: 'This line is longer than {{max}} characters; the rest is not shown.',
  },
};
