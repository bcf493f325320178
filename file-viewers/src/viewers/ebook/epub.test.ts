import '../media/jsdom-polyfills';
import { strToU8, zipSync } from 'fflate';
import { BOOK_TITLE, damagedEpub, epub2Book, epubBook, truncatedEpub } from '../../../fixtures/ebook.mjs';
import { ViewerError } from '../../errors';
import { openPackage } from '../../lib/package-zip';
import { parseEpub, resolveHref } from './epub';

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof ViewerError ? error.reason : `not a ViewerError: ${String(error)}`;
  }
  return 'no error';
};

describe('parseEpub', () => {
  test('reads the spine in reading order, not manifest order, and the title', async () => {
    const book = parseEpub(await openPackage(epubBook()));
    expect(book.title).toBe(BOOK_TITLE);
    expect(book.language).toBe('en');
    expect(book.spine.map((item) => item.path)).toEqual(['OEBPS/Text/ch1.xhtml', 'OEBPS/Text/ch2.xhtml', 'OEBPS/Text/ch3.xhtml']);
    expect(book.mediaTypes.get('OEBPS/images/pixel.png')).toBe('image/png');
  });

  test('takes the table of contents from the EPUB 3 navigation document, nested entries included', async () => {
    const book = parseEpub(await openPackage(epubBook()));
    expect(book.toc).toEqual([
      { title: 'Chapter One', spineIndex: 0, fragment: '', depth: 0 },
      { title: 'Chapter Two', spineIndex: 1, fragment: '', depth: 0 },
      { title: 'Part 2.1', spineIndex: 1, fragment: 'part-2-1', depth: 1 },
      { title: 'Chapter Three', spineIndex: 2, fragment: '', depth: 0 },
    ]);
  });

  test('takes the table of contents from the EPUB 2 NCX when there is no navigation document', async () => {
    const book = parseEpub(await openPackage(epub2Book()));
    expect(book.toc.map((entry) => [entry.title, entry.spineIndex, entry.fragment, entry.depth])).toEqual([
      ['Chapter One', 0, '', 0],
      ['Chapter Two', 1, '', 0],
      ['Part 2.1', 1, 'part-2-1', 1],
      ['Chapter Three', 2, '', 0],
    ]);
  });

  test('a zip without container, a truncated book and a book with encrypted chapters are refused', async () => {
    expect(await reasonOf(openPackage(damagedEpub()).then(parseEpub))).toBe('damaged');
    expect(await reasonOf(openPackage(truncatedEpub()).then(parseEpub))).toBe('damaged');
    const { unzipSync } = await import('fflate');
    const files = unzipSync(epubBook());
    files['META-INF/encryption.xml'] = strToU8(
      '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/Text/ch1.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
    );
    expect(await reasonOf(openPackage(zipSync(files)).then(parseEpub))).toBe('encrypted');
  });

  test('resolves links against the part that holds them and leaves web addresses out', () => {
    expect(resolveHref('OEBPS/Text/ch1.xhtml', '../images/a%20b.png')).toEqual({ path: 'OEBPS/images/a b.png', fragment: '' });
    expect(resolveHref('OEBPS/Text/ch1.xhtml', '#note')).toEqual({ path: 'OEBPS/Text/ch1.xhtml', fragment: 'note' });
    expect(resolveHref('OEBPS/Text/ch1.xhtml', 'https://example.com/x')).toBeNull();
    expect(resolveHref('OEBPS/Text/ch1.xhtml', '//example.com/x')).toBeNull();
    expect(resolveHref('OEBPS/Text/ch1.xhtml', 'java\tscript:alert(1)')).toBeNull();
  });
});
