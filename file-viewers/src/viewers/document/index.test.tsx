import './test-env';
import { screen, waitFor, within } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';
import {
  damagedDocx,
  damagedOdt,
  docxEmpty,
  docxHostile,
  docxSample,
  docxWithPages,
  notAZipDocx,
  odtEmpty,
  odtEncrypted,
  odtHostile,
  odtSample,
  SAMPLE,
} from '../../../fixtures/document.mjs';
import { objectUrls, renderWithTexts } from './test-env';
import DocumentViewer from './index';

// The docx renderer takes a second or two in jsdom on a busy machine.
jest.setTimeout(30_000);

function sourceOf(name: string, bytes: Uint8Array): FileSource {
  return { name, size: bytes.length, blob: new Blob([bytes as BlobPart]) };
}

function show(source: FileSource, language: 'en-US' | 'zh-CN' = 'en-US') {
  const onError = jest.fn();
  const view = renderWithTexts(
    <DocumentViewer source={source} kind="document" label={`Content of ${source.name}`} onError={onError} />,
    language,
  );
  return { onError, ...view };
}

async function shown(source: FileSource) {
  const result = show(source);
  const region = await screen.findByTestId('viewer-document', undefined, { timeout: 25_000 });
  expect(result.onError).not.toHaveBeenCalled();
  return { ...result, region };
}

async function failure(source: FileSource): Promise<ViewerError> {
  const { onError } = show(source);
  await waitFor(() => expect(onError).toHaveBeenCalled(), { timeout: 25_000 });
  expect(screen.queryByTestId('viewer-document')).not.toBeInTheDocument();
  return onError.mock.calls[0][0] as ViewerError;
}

/** The texts of the cells of each row of the first table. */
function tableCells(region: HTMLElement): string[][] {
  const table = region.querySelector('table')!;
  return Array.from(table.querySelectorAll('tr')).map((row) =>
    Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent!.trim()),
  );
}

describe('DocumentViewer, .docx', () => {
  test('shows the heading, bold text, both lists, the table, the picture and the link', async () => {
    const { region } = await shown(sourceOf('report.docx', docxSample()));
    expect(region).toHaveAttribute('aria-label', 'Content of report.docx');
    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent(SAMPLE.heading);
    expect(within(region).getByText(SAMPLE.bold)).toHaveStyle({ fontWeight: 'bold' });
    for (const item of [...SAMPLE.bullets, ...SAMPLE.numbered]) expect(within(region).getByText(item)).toBeInTheDocument();
    expect(tableCells(region)).toEqual(SAMPLE.table);
    const img = region.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    const link = within(region).getByText(SAMPLE.link).closest('a')!;
    expect(link).toHaveAttribute('href', 'https://example.com/cloudclip');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // The document's styles are in the viewer, every rule under its element.
    const css = region.querySelector('style')!.textContent!;
    expect(css).toContain('.cv-document-docx');
    for (const rule of css.split('\n').filter(Boolean)) expect(rule.startsWith('.cv-document-docx ')).toBe(true);
  });

  test('shows every page of a 20-page document', async () => {
    const { region } = await shown(sourceOf('long.docx', docxWithPages(20)));
    expect(within(region).getByText('Page 1')).toBeInTheDocument();
    expect(within(region).getByText('Page 20')).toBeInTheDocument();
    expect(region.querySelectorAll('section.cv-docx')).toHaveLength(20);
  });

  test('a hostile document gets no script link, no outside picture, no HTML chunk and no style outside the viewer', async () => {
    const { region } = await shown(sourceOf('hostile.docx', docxHostile()));
    expect(within(region).getByText('Styled by a hostile style')).toBeInTheDocument();
    expect(within(region).getByText('Click for a script').closest('a[href]')).toBeNull();
    expect(region.querySelector('iframe, script, object, embed')).toBeNull();
    for (const img of Array.from(region.querySelectorAll('img'))) expect(img.getAttribute('src') ?? '').not.toMatch(/tracker|^https?:/);
    const css = Array.from(region.querySelectorAll('style'), (style) => style.textContent).join('\n');
    expect(css).not.toMatch(/tracker|2130706433/);
    expect(region.innerHTML).not.toMatch(/tracker|2130706433/);
    for (const rule of css.split('\n').filter(Boolean)) expect(rule.startsWith('.cv-document-docx ')).toBe(true);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  test('says so when a .docx has nothing to show', async () => {
    show(sourceOf('empty.docx', docxEmpty()));
    expect(await screen.findByTestId('document-empty', undefined, { timeout: 25_000 })).toHaveTextContent(
      'This document has nothing to show.',
    );
  });

  test('a cut .docx falls back as damaged', async () => {
    const error = await failure(sourceOf('cut.docx', damagedDocx()));
    expect(error).toBeInstanceOf(ViewerError);
    expect(error.reason).toBe('damaged');
  });

  test('a file named .docx that is not a zip falls back as damaged', async () => {
    expect((await failure(sourceOf('fake.docx', notAZipDocx()))).reason).toBe('damaged');
  });

  test('a password-protected Office file falls back as encrypted', async () => {
    const bytes = new Uint8Array(4096);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    bytes.set(
      Array.from('EncryptedPackage').flatMap((char) => [char.charCodeAt(0), 0]),
      1024,
    );
    expect((await failure(sourceOf('secret.docx', bytes))).reason).toBe('encrypted');
  });

  test('a file over 50 MB is refused as too large before it is read', async () => {
    const source: FileSource = { name: 'huge.docx', size: 60 * 1024 * 1024, url: '/api/file-view/huge' };
    const fetchSpy = jest.fn();
    (globalThis as { fetch?: unknown }).fetch = fetchSpy;
    expect((await failure(source)).reason).toBe('too-large');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  test('does not read the file again when the page passes an equal source anew', async () => {
    const bytes = docxSample();
    const blob = new Blob([bytes as BlobPart]);
    const read = jest.spyOn(blob, 'arrayBuffer');
    const first: FileSource = { name: 'report.docx', size: bytes.length, blob };
    const onError = jest.fn();
    const view = renderWithTexts(<DocumentViewer source={first} kind="document" label="Content" onError={onError} />);
    const content = await screen.findByTestId('document-content', undefined, { timeout: 25_000 });
    const page = content.firstElementChild;
    view.rerender(<DocumentViewer source={{ ...first }} kind="document" label="Content" onError={onError} />);
    expect(screen.getByTestId('document-content').firstElementChild).toBe(page);
    expect(read).toHaveBeenCalledTimes(1);
  });

  test('a .docx whose text part unpacks to more than 24 MB is refused as too large without unpacking it', async () => {
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(10), 'word/document.xml': new Uint8Array(25 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    expect((await failure(sourceOf('bomb.docx', bomb))).reason).toBe('too-large');
  });

  test('frees the pictures when it goes away', async () => {
    const { unmount, region } = await shown(sourceOf('report.docx', docxSample()));
    const src = region.querySelector('img')!.getAttribute('src')!;
    expect(objectUrls.live.has(src)).toBe(true);
    unmount();
    expect(objectUrls.live.has(src)).toBe(false);
  });
});

describe('DocumentViewer, .odt', () => {
  test('shows the heading, bold and italic text, both lists, the table, the picture and the link', async () => {
    const { region } = await shown(sourceOf('report.odt', odtSample()));
    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent(SAMPLE.heading);
    expect(within(region).getByText(SAMPLE.bold)).toHaveStyle({ fontWeight: 'bold' });
    expect(within(region).getByText('as planned')).toHaveStyle({ fontStyle: 'italic' });
    const bullets = region.querySelector('ul')!;
    expect(Array.from(bullets.children, (li) => li.firstChild!.textContent)).toEqual(SAMPLE.bullets);
    expect(within(bullets).getByText('Green apples').closest('ul')).not.toBe(bullets);
    const numbered = region.querySelector('ol')!;
    expect(numbered).toHaveAttribute('type', '1');
    expect(Array.from(numbered.children, (li) => li.textContent)).toEqual(SAMPLE.numbered);
    expect(tableCells(region)).toEqual(SAMPLE.table);
    const img = within(region).getByRole('img', { name: SAMPLE.imageName });
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    const link = within(region).getByRole('link', { name: SAMPLE.link });
    expect(link).toHaveAttribute('href', 'https://example.com/cloudclip');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  test('keeps spaces, tabs and line breaks the document asks for', async () => {
    const { region } = await shown(sourceOf('report.odt', odtSample()));
    const paragraph = within(region).getByText(/^Two/);
    expect(paragraph.textContent).toBe('Two   spaces\tand anew line');
    expect(paragraph.querySelector('br')).not.toBeNull();
  });

  test('a hostile document shows no script link, no outside picture and its markup only as text', async () => {
    const { region } = await shown(sourceOf('hostile.odt', odtHostile()));
    expect(within(region).getByText('Click for a script').closest('a')).toBeNull();
    expect(within(region).getByText('Data link').closest('a')).toBeNull();
    expect(region.querySelectorAll('a')).toHaveLength(0);
    expect(region.querySelectorAll('img')).toHaveLength(0);
    expect(region.innerHTML).not.toContain('tracker.example');
    expect(within(region).getByText(/<img src=x onerror=/)).toBeInTheDocument();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  test('an OpenDocument text named .docx is still read as one', async () => {
    const { region } = await shown(sourceOf('misnamed.docx', odtSample()));
    expect(within(region).getByRole('heading', { level: 1 })).toHaveTextContent(SAMPLE.heading);
  });

  test('an .odt whose content unpacks to more than 32 MB is refused as too large', async () => {
    const bomb = zipSync({ mimetype: strToU8('application/vnd.oasis.opendocument.text'), 'content.xml': new Uint8Array(33 * 1024 * 1024) });
    expect((await failure(sourceOf('bomb.odt', bomb))).reason).toBe('too-large');
  });

  test('a cut .odt falls back as damaged', async () => {
    expect((await failure(sourceOf('cut.odt', damagedOdt()))).reason).toBe('damaged');
  });

  test('a password-protected .odt falls back as encrypted', async () => {
    expect((await failure(sourceOf('secret.odt', odtEncrypted()))).reason).toBe('encrypted');
  });

  test('says so, in Chinese too, when a document has nothing to show', async () => {
    show(sourceOf('empty.odt', odtEmpty()), 'zh-CN');
    expect(await screen.findByTestId('document-empty', undefined, { timeout: 25_000 })).toHaveTextContent('这个文档没有可显示的内容。');
  });
});
