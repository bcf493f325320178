/** Texts of the html viewer (`viewers:html.*`). Same keys in both languages. */
export const htmlTexts = {
  'zh-CN': {
    mode: '显示方式',
    rendered: '渲染效果',
    source: '源代码',
    sandboxed: '在沙箱中显示：脚本不会运行，也不会从任何网站加载内容。',
    sourceOnly: '此页面超过 {{size}}，仅显示源代码。',
    frameTitle: '{{name}} 的渲染效果',
  },
  'en-US': {
    mode: 'Show',
    rendered: 'Rendered',
    source: 'Source',
    sandboxed: 'Shown in a sandbox: no script runs and nothing is loaded from any site.',
    sourceOnly: 'This page is larger than {{size}}, so only its source is shown.',
    frameTitle: 'Rendered page {{name}}',
  },
};
