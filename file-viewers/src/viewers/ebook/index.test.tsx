import '../media/jsdom-polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BOOK_TITLE, CHAPTER_ONE_TEXT, damagedEpub, epub2Book, epubBook, SCRIPT_MARKER } from '../../../fixtures/ebook.mjs';
import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';
import { fakeObjectUrls, renderWithTexts } from '../media/test-texts';
import EbookViewer, { activeEntry } from './index';

const bookSource = (bytes: Uint8Array, name = 'book.epub'): FileSource => ({
  name,
  size: bytes.length,
  blob: new Blob([bytes as BlobPart]),
});
const frame = () => screen.getByTestId('ebook-frame') as HTMLIFrameElement;
/** jsdom does not load srcdoc: puts the chapter in the frame as the browser would, then "loads" it. */
function loadFrame(): Document {
  const doc = frame().contentDocument!;
  doc.open();
  doc.write(frame().getAttribute('srcdoc')!);
  doc.close();
  fireEvent.load(frame());
  return doc;
}

describe('EbookViewer', () => {
  beforeEach(() => void fakeObjectUrls());

  test('opens at the first chapter in a frame without scripts, with the contents beside it', async () => {
    const onError = jest.fn();
    renderWithTexts(<EbookViewer source={bookSource(epubBook())} kind="ebook" label="Content of book.epub" onError={onError} />);
    await waitFor(() => expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('1 of 3 Chapter One'));
    expect(screen.getByTestId('viewer-ebook')).toHaveTextContent(BOOK_TITLE);
    expect(frame()).toHaveAttribute('sandbox', 'allow-same-origin');
    const srcdoc = frame().getAttribute('srcdoc')!;
    expect(srcdoc).toContain(CHAPTER_ONE_TEXT);
    expect(srcdoc).not.toContain(SCRIPT_MARKER);
    expect(srcdoc).toContain('Content-Security-Policy');
    const toc = screen.getByTestId('ebook-toc');
    expect(Array.from(toc.querySelectorAll('button'), (button) => button.textContent)).toEqual([
      'Chapter One',
      'Chapter Two',
      'Part 2.1',
      'Chapter Three',
    ]);
    expect(toc.querySelector('[aria-current]')).toHaveTextContent('Chapter One');
    expect(screen.getByTestId('ebook-previous')).toBeDisabled();
    expect(onError).not.toHaveBeenCalled();
  });

  test('turns chapters with next/previous, the arrow keys and the contents', async () => {
    renderWithTexts(<EbookViewer source={bookSource(epub2Book())} kind="ebook" label="book" onError={jest.fn()} />);
    await waitFor(() => expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('1 of 3'));
    fireEvent.click(screen.getByTestId('ebook-next'));
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('2 of 3 Chapter Two');
    expect(frame().getAttribute('srcdoc')).toContain('The second part begins here.');
    fireEvent.keyDown(screen.getByTestId('viewer-ebook'), { key: 'ArrowRight' });
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('3 of 3 Chapter Three');
    expect(screen.getByTestId('ebook-next')).toBeDisabled();
    fireEvent.click(screen.getByTestId('ebook-previous'));
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('2 of 3');
    fireEvent.change(screen.getByTestId('ebook-toc-select'), { target: { value: '0' } });
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('1 of 3 Chapter One');
    fireEvent.change(screen.getByTestId('ebook-toc-select'), { target: { value: '2' } });
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('2 of 3 Part 2.1');
    fireEvent.click(screen.getByRole('button', { name: 'Chapter Three' }));
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('3 of 3');
    fireEvent.click(screen.getByTestId('ebook-toc-toggle'));
    expect(screen.queryByTestId('ebook-toc')).toBeNull();
  });

  test('keeps the place in the chapter when the page changes size', async () => {
    renderWithTexts(<EbookViewer source={bookSource(epubBook())} kind="ebook" label="book" onError={jest.fn()} />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain(CHAPTER_ONE_TEXT));
    const doc = loadFrame();
    expect(doc.body.textContent).toContain(CHAPTER_ONE_TEXT);
    const win = frame().contentWindow!;
    const scroller = frame().contentDocument!.documentElement;
    let height = 2000;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 500 });
    // Read to the middle of the chapter…
    scroller.scrollTop = 750;
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    win.dispatchEvent(new Event('scroll'));
    // …then the panel narrows and the chapter grows twice as long: still in the middle.
    height = 4000;
    win.dispatchEvent(new Event('resize'));
    expect(scroller.scrollTop).toBe(1750);
    jest.restoreAllMocks();
  });

  test('a link in the chapter opens the place it names; a web link opens in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderWithTexts(<EbookViewer source={bookSource(epubBook())} kind="ebook" label="book" onError={jest.fn()} />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain(CHAPTER_ONE_TEXT));
    const doc = loadFrame();
    fireEvent.click(Array.from(doc.querySelectorAll('a')).find((a) => a.textContent === 'the web')!);
    expect(open).toHaveBeenCalledWith('https://example.com/', '_blank', 'noopener,noreferrer');
    fireEvent.click(Array.from(doc.querySelectorAll('a')).find((a) => a.textContent === 'bad link')!);
    expect(open).toHaveBeenCalledTimes(1);
    fireEvent.click(Array.from(doc.querySelectorAll('a')).find((a) => a.textContent === 'part 2.1')!);
    expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('2 of 3');
    open.mockRestore();
  });

  test('a damaged book falls back as damaged', async () => {
    const onError = jest.fn();
    renderWithTexts(<EbookViewer source={bookSource(damagedEpub())} kind="ebook" label="book" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError.mock.calls[0]![0]).toBeInstanceOf(ViewerError);
    expect((onError.mock.calls[0]![0] as ViewerError).reason).toBe('damaged');
  });

  test('bytes that are not a zip fall back as damaged', async () => {
    const onError = jest.fn();
    renderWithTexts(<EbookViewer source={bookSource(new TextEncoder().encode('not a zip'))} kind="ebook" label="book" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect((onError.mock.calls[0]![0] as ViewerError).reason).toBe('damaged');
  });

  test('speaks Chinese on a Chinese page', async () => {
    renderWithTexts(<EbookViewer source={bookSource(epubBook())} kind="ebook" label="book" onError={jest.fn()} />, 'zh-CN');
    await waitFor(() => expect(screen.getByTestId('ebook-chapter')).toHaveTextContent('第 1 / 3 章'));
    expect(screen.getByTestId('ebook-next')).toHaveTextContent('下一章');
  });

  test('marks the contents line the reader is in', () => {
    const toc = [
      { title: 'A', spineIndex: 0, fragment: '', depth: 0 },
      { title: 'B', spineIndex: 2, fragment: '', depth: 0 },
      { title: 'B.1', spineIndex: 2, fragment: 'x', depth: 1 },
      { title: 'C', spineIndex: 5, fragment: '', depth: 0 },
    ];
    expect(activeEntry(toc, 0)).toBe(0);
    expect(activeEntry(toc, 1)).toBe(0);
    expect(activeEntry(toc, 2)).toBe(1);
    expect(activeEntry(toc, 3)).toBe(1);
    expect(activeEntry(toc, 2, 2)).toBe(2);
    expect(activeEntry(toc, 3, 2)).toBe(1);
    expect(activeEntry(toc, 9)).toBe(3);
  });
});
