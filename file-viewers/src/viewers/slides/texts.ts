/** Texts of the slides viewer (`viewers:slides.*`). Same keys in both languages. */
export const slidesTexts = {
  'zh-CN': {},
  'en-US': {},
};
