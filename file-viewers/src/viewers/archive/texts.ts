/** Texts of the archive viewer (`viewers:archive.*`). Same keys in both languages. */
export const archiveTexts = {
  'zh-CN': {},
  'en-US': {},
};
