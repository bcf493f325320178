import { MARKDOWN_EXTENSIONS, MARKDOWN_IMPORT_MAX_BYTES } from '../constants';
import { formatBytes } from './file-size';
import { validationError, type ValidationError } from './validation-result';

/** The part of a `File` the Markdown import looks at. */
export interface MarkdownImportFile {
  readonly name: string;
  readonly size: number;
}

/** True when the file name ends with one of {@link MARKDOWN_EXTENSIONS}, case-insensitively. */
export function isMarkdownFileName(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) {
    return false;
  }
  const extension = fileName.slice(dot).toLowerCase();
  return (MARKDOWN_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * Validates a file chosen for the Markdown import. Checked in this order:
 * - extension not in {@link MARKDOWN_EXTENSIONS} (case-insensitive)
 *   → `markdownImportInvalidType` with `{ extensions: '.md, .markdown, …' }`;
 * - size ≥ 10 MB ({@link MARKDOWN_IMPORT_MAX_BYTES}; the file must be
 *   strictly smaller) → `markdownImportTooLarge` with `{ size: '10 MB' }`.
 * Returns `null` when the file may be imported.
 */
export function validateMarkdownImportFile(file: MarkdownImportFile): ValidationError | null {
  if (!isMarkdownFileName(file.name)) {
    return validationError('markdownImportInvalidType', { extensions: MARKDOWN_EXTENSIONS.join(', ') });
  }
  if (!(file.size < MARKDOWN_IMPORT_MAX_BYTES)) {
    return validationError('markdownImportTooLarge', { size: formatBytes(MARKDOWN_IMPORT_MAX_BYTES) });
  }
  return null;
}

/**
 * True when importing would overwrite something worth keeping, i.e. the
 * editor holds at least one non-whitespace character: ask for confirmation.
 */
export function needsImportOverwriteConfirmation(editorContent: string | null | undefined): boolean {
  return typeof editorContent === 'string' && editorContent.trim() !== '';
}
