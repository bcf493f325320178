import { MARKDOWN_EXTENSIONS, MARKDOWN_IMPORT_MAX_BYTES } from '../constants';
import { isMarkdownFileName, needsImportOverwriteConfirmation, validateMarkdownImportFile } from './markdown-import';

const TEN_MB = 10 * 1024 * 1024;

describe('validateMarkdownImportFile', () => {
  it.each(MARKDOWN_EXTENSIONS.map((ext) => [ext]))('accepts a %s file', (ext) => {
    expect(validateMarkdownImportFile({ name: `notes${ext}`, size: 10 })).toBeNull();
  });

  it('accepts extensions in any letter case', () => {
    expect(validateMarkdownImportFile({ name: 'README.MD', size: 10 })).toBeNull();
    expect(validateMarkdownImportFile({ name: 'Doc.Markdown', size: 10 })).toBeNull();
    expect(validateMarkdownImportFile({ name: 'analysis.Rmd', size: 10 })).toBeNull();
  });

  it.each(['notes.txt', 'notes.md.txt', 'notes', 'md', 'notes.mdx', 'notes.html'])('rejects %s as a wrong file type', (name) => {
    const error = validateMarkdownImportFile({ name, size: 10 });
    expect(error?.key).toBe('markdownImportInvalidType');
    expect(error?.params).toEqual({ extensions: '.md, .markdown, .mdown, .mkd, .mdwn, .mdtxt, .mdtext, .rmd' });
  });

  it('accepts a file one byte under 10 MB', () => {
    expect(validateMarkdownImportFile({ name: 'big.md', size: TEN_MB - 1 })).toBeNull();
  });

  it('rejects a file of exactly 10 MB as too large, naming the limit', () => {
    expect(MARKDOWN_IMPORT_MAX_BYTES).toBe(TEN_MB);
    expect(validateMarkdownImportFile({ name: 'big.md', size: TEN_MB })).toEqual({
      ns: 'validation',
      key: 'markdownImportTooLarge',
      params: { size: '10 MB' },
    });
  });

  it('reports the wrong type before the size', () => {
    expect(validateMarkdownImportFile({ name: 'big.pdf', size: TEN_MB * 2 })?.key).toBe('markdownImportInvalidType');
  });

  it('accepts an empty markdown file', () => {
    expect(validateMarkdownImportFile({ name: 'empty.md', size: 0 })).toBeNull();
  });
});

describe('isMarkdownFileName', () => {
  it('looks only at the last extension', () => {
    expect(isMarkdownFileName('archive.md.zip')).toBe(false);
    expect(isMarkdownFileName('v1.2.markdown')).toBe(true);
  });
});

describe('needsImportOverwriteConfirmation', () => {
  it('asks for confirmation when the editor has content', () => {
    expect(needsImportOverwriteConfirmation('# Title')).toBe(true);
    expect(needsImportOverwriteConfirmation('  x  ')).toBe(true);
  });

  it('does not ask when the editor is empty or holds only whitespace', () => {
    expect(needsImportOverwriteConfirmation('')).toBe(false);
    expect(needsImportOverwriteConfirmation(' \n\t ')).toBe(false);
    expect(needsImportOverwriteConfirmation(null)).toBe(false);
    expect(needsImportOverwriteConfirmation(undefined)).toBe(false);
  });
});
