/** Texts of the media viewer (`viewers:media.*`). Same keys in both languages. */
export const mediaTexts = {
  'zh-CN': {
    noPlayer: '此浏览器无法播放该文件。',
    subtitles: '字幕',
    subtitlesFound: '字幕：{{names}}（可在播放器菜单中切换）',
    listSeparator: '、',
  },
  'en-US': {
    noPlayer: 'This browser cannot play the file.',
    subtitles: 'Subtitles',
    subtitlesFound: 'Subtitles: {{names}} (switch them in the player’s menu)',
    listSeparator: ', ',
  },
};
