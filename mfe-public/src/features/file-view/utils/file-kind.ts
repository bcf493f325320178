import { codeLanguage, PLAIN_TEXT_LANGUAGE, viewerKind } from '@cloudclip/file-viewers';

/**
 * The share page's fast path (components/file-preview.tsx): up to this size a Markdown or
 * plain-text file's text is asked for with the page's details (app.tsx, preloadPage) and shown by
 * the page itself; larger ones go to the file-viewers layer's virtualized text viewer.
 */
export const TEXT_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The page shows this file's text itself: Markdown (rendered by the page's Markdown pipeline) or
 * plain text (no language to highlight), small enough to fetch at once. Code with a language is
 * highlighted by the layer's code viewer (line numbers, wrap toggle).
 */
export function previewsText(file: { mimetype?: string | null; filename: string; size: number }): boolean {
  if (file.size > TEXT_PREVIEW_MAX_BYTES) return false;
  const kind = viewerKind(file.filename, file.mimetype);
  return kind === 'markdown' || (kind === 'code' && codeLanguage(file.filename, file.mimetype) === PLAIN_TEXT_LANGUAGE);
}
