import { useTranslation } from 'react-i18next';
import { archiveTexts } from '../viewers/archive/texts';
import { codeTexts } from '../viewers/code/texts';
import { documentTexts } from '../viewers/document/texts';
import { ebookTexts } from '../viewers/ebook/texts';
import { htmlTexts } from '../viewers/html/texts';
import { imageTexts } from '../viewers/image/texts';
import { mediaTexts } from '../viewers/media/texts';
import { pdfTexts } from '../viewers/pdf/texts';
import { slidesTexts } from '../viewers/slides/texts';
import { spreadsheetTexts } from '../viewers/spreadsheet/texts';

/** The namespace of the viewer layer's texts. */
export const VIEWERS_NAMESPACE = 'viewers';

const layer = {
  'zh-CN': {
    loading: '正在加载预览…',
    download: '下载',
    contentOf: '{{name}} 的内容',
    progress: '已读取 {{loaded}} / {{total}}',
    progressUnknown: '已读取 {{loaded}}',
  },
  'en-US': {
    loading: 'Loading the preview…',
    download: 'Download',
    contentOf: 'Content of {{name}}',
    progress: 'Read {{loaded}} of {{total}}',
    progressUnknown: 'Read {{loaded}}',
  },
};

const fallback = {
  'zh-CN': {
    unsupported: '浏览器无法预览这种格式的变体，请下载后查看。',
    damaged: '文件已损坏或格式不正确，无法预览。',
    'too-large': '文件太大，无法在浏览器中预览。',
    unreachable: '无法读取文件内容，请稍后重试或直接下载。',
    encrypted: '文件已加密，无法预览。',
    'chunk-failed': '预览组件加载失败，请刷新页面重试。',
    'no-preview': '此类型的文件没有预览。',
  },
  'en-US': {
    unsupported: 'The browser cannot preview this variant of the format; download it to open it.',
    damaged: 'The file is damaged or not in the format its name says, so it cannot be previewed.',
    'too-large': 'The file is too large to preview in the browser.',
    unreachable: 'The file’s content could not be read; try again later or download it.',
    encrypted: 'The file is encrypted and cannot be previewed.',
    'chunk-failed': 'The previewer could not be loaded; reload the page to try again.',
    'no-preview': 'There is no preview for this type of file.',
  },
};

type Language = 'zh-CN' | 'en-US';
const LANGUAGES: Language[] = ['zh-CN', 'en-US'];

/** Both languages of the namespace, each viewer's texts under its own key. */
export const viewerResources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    {
      layer: layer[language],
      fallback: fallback[language],
      archive: archiveTexts[language],
      code: codeTexts[language],
      document: documentTexts[language],
      ebook: ebookTexts[language],
      html: htmlTexts[language],
      image: imageTexts[language],
      media: mediaTexts[language],
      pdf: pdfTexts[language],
      slides: slidesTexts[language],
      spreadsheet: spreadsheetTexts[language],
    },
  ]),
) as unknown as Record<Language, Record<string, unknown>>;

/** Adds the namespace to the page's i18next instance (once; the kernel's instance is shared). */
export function useViewerTexts(): void {
  const { i18n } = useTranslation();
  for (const language of LANGUAGES) {
    if (!i18n.hasResourceBundle(language, VIEWERS_NAMESPACE))
      i18n.addResourceBundle(language, VIEWERS_NAMESPACE, viewerResources[language], true, true);
  }
}
