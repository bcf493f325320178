/** Texts of the slides viewer (`viewers:slides.*`). Same keys in both languages. */
export const slidesTexts = {
  'zh-CN': {
    previous: '上一张',
    next: '下一张',
    counter: '{{current}} / {{total}}',
    slideLabel: '第 {{current}} 张幻灯片，共 {{total}} 张',
    goTo: '转到第 {{number}} 张',
    unreadable: '这张幻灯片无法读取。',
    slideList: '幻灯片列表',
    empty: '此演示文稿没有幻灯片。',
    omitted: '只显示前 {{shown}} 张幻灯片，另有 {{count}} 张未显示。',
    keyboardHint: '用 ← 和 → 键翻页',
  },
  'en-US': {
    previous: 'Previous',
    next: 'Next',
    counter: '{{current}} / {{total}}',
    slideLabel: 'Slide {{current}} of {{total}}',
    goTo: 'Go to slide {{number}}',
    unreadable: 'This slide could not be read.',
    slideList: 'Slides',
    empty: 'This presentation has no slides.',
    omitted: 'Only the first {{shown}} slides are shown; {{count}} more are not.',
    keyboardHint: 'Use the ← and → keys to turn slides',
  },
};
