/** Texts of the image viewer (`viewers:image.*`). Same keys in both languages. */
export const imageTexts = {
  'zh-CN': {},
  'en-US': {},
};
