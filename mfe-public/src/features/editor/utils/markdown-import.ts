import { needsImportOverwriteConfirmation, validateMarkdownImportFile } from '@cloudclip/shared-kernel';
import { fromValidation, type FieldMessage } from '../../../lib/field-message';

export type ImportDecision = { kind: 'invalid'; message: FieldMessage } | { kind: 'confirm' } | { kind: 'import' };

/**
 * What to do with a chosen file (spec §5): refuse a non-Markdown type or a file of 10 MB or more,
 * ask before overwriting a non-empty editor, otherwise import.
 */
export function decideImport(file: { name: string; size: number }, editorContent: string): ImportDecision {
  const error = validateMarkdownImportFile(file);
  if (error) return { kind: 'invalid', message: fromValidation(error) };
  return needsImportOverwriteConfirmation(editorContent) ? { kind: 'confirm' } : { kind: 'import' };
}

/** Reads an imported file as UTF-8 text (a leading byte-order mark is dropped). */
export async function readImportFile(file: Blob): Promise<string> {
  const text = await file.text();
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
