/**
 * The viewer with pdf.js mocked at its edge (./pdfjs): jsdom has no canvas and cannot run pdf.js.
 * The fake document serves the fixture's known page texts; the fake TextLayer writes one span per
 * text item, as pdf.js's does.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { SAMPLE_PAGE_TEXTS } from '../../../fixtures/pdf.mjs';
import { ViewerError } from '../../errors';
import { viewerResources, VIEWERS_NAMESPACE } from '../../i18n/resources';
import type { FileSource } from '../../types';
import PdfViewer from './index';
import { openPdf } from './pdfjs';

jest.mock('./pdfjs', () => {
  class FakeTextLayer {
    textDivs: HTMLElement[] = [];
    textContentItemsStr: string[] = [];
    constructor(private readonly params: { textContentSource: { items: { str: string }[] }; container: HTMLElement }) {}
    async render() {
      for (const item of this.params.textContentSource.items) {
        const span = document.createElement('span');
        span.textContent = item.str;
        this.params.container.append(span);
        this.textDivs.push(span);
        this.textContentItemsStr.push(item.str);
      }
    }
    cancel() {}
  }
  return { openPdf: jest.fn(), PasswordResponses: { NEED_PASSWORD: 1, INCORRECT_PASSWORD: 2 }, TextLayer: FakeTextLayer };
});

const mockedOpen = openPdf as jest.MockedFunction<typeof openPdf>;

function fakeDocument(texts: string[]) {
  const pages = texts.map((text) => {
    const items = [{ str: text, hasEOL: false }];
    return {
      getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale, scale, rotation: 0 }),
      render: jest.fn((_params: { viewport: { scale: number } }) => ({ promise: Promise.resolve(), cancel: jest.fn() })),
      streamTextContent: () => ({ items }),
      getTextContent: jest.fn(async () => ({ items })),
      cleanup: jest.fn(),
    };
  });
  return { numPages: pages.length, pages, getPage: jest.fn(async (n: number) => pages[n - 1]) };
}

type Answer = (password: string) => void;
function fakeTask(promise: Promise<unknown>) {
  return { promise, onPassword: null as null | ((answer: Answer, reason: number) => void), destroy: jest.fn(async () => undefined) };
}

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en-US',
  initAsync: false,
  resources: {
    'en-US': { [VIEWERS_NAMESPACE]: viewerResources['en-US'] },
    'zh-CN': { [VIEWERS_NAMESPACE]: viewerResources['zh-CN'] },
  },
  interpolation: { escapeValue: false },
});

const source: FileSource = { name: 'report.pdf', size: 1000, url: '/api/files/report.pdf' };

function show(onError = jest.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <PdfViewer source={source} kind="pdf" label="Content of report.pdf" onError={onError} />
    </I18nextProvider>,
  );
  return onError;
}

async function openSample(texts = SAMPLE_PAGE_TEXTS) {
  const doc = fakeDocument(texts);
  mockedOpen.mockResolvedValue(fakeTask(Promise.resolve(doc)) as never);
  const onError = show();
  await screen.findByTestId('viewer-pdf');
  return { doc, onError };
}

beforeEach(async () => {
  mockedOpen.mockReset();
  await i18n.changeLanguage('en-US');
});

describe('pdf viewer', () => {
  it('shows the first pages with their selectable text and "1 / 3" in the toolbar', async () => {
    const { doc, onError } = await openSample();
    const viewer = screen.getByTestId('viewer-pdf');
    expect(viewer).toHaveAccessibleName('Content of report.pdf');
    await waitFor(() => expect(viewer).toHaveTextContent(SAMPLE_PAGE_TEXTS[0]!));
    expect(screen.getByTestId('pdf-page-input')).toHaveValue('1');
    expect(screen.getByTestId('pdf-page-count')).toHaveTextContent('/ 3');
    expect(doc.pages[0]!.render).toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Page 1' })).toHaveTextContent(SAMPLE_PAGE_TEXTS[0]!);
    expect(onError).not.toHaveBeenCalled();
  });

  it('renders only the pages near the viewport of a 100-page document', async () => {
    const texts = Array.from({ length: 100 }, (_, i) => `Page ${i + 1} of 100`);
    const { doc } = await openSample(texts);
    await waitFor(() => expect(doc.pages[0]!.render).toHaveBeenCalled());
    const inDom = () =>
      [...screen.getByTestId('pdf-pages').querySelectorAll('[data-page-number]')].map((page) =>
        Number(page.getAttribute('data-page-number')),
      );
    expect(inDom()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const rendered = doc.pages.filter((page) => page.render.mock.calls.length > 0).length;
    expect(rendered).toBeLessThanOrEqual(3);
    expect(doc.pages[49]!.render).not.toHaveBeenCalled();
    expect(screen.getByTestId('pdf-page-count')).toHaveTextContent('/ 100');

    const input = screen.getByTestId('pdf-page-input');
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(doc.pages[49]!.render).toHaveBeenCalled());
    expect(inDom()).toEqual(Array.from({ length: 13 }, (_, i) => 44 + i));
    expect(screen.getByTestId('viewer-pdf')).toHaveTextContent('Page 50 of 100');
    // Page 1 left the DOM: its parsed data was let go.
    expect(doc.pages[0]!.cleanup).toHaveBeenCalled();
  });

  it('goes to the next page and to a typed page, and ignores a page the document does not have', async () => {
    await openSample();
    await waitFor(() => expect(screen.getByTestId('viewer-pdf')).toHaveTextContent(SAMPLE_PAGE_TEXTS[2]!));
    const input = screen.getByTestId('pdf-page-input');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(input).toHaveValue('2');
    fireEvent.change(input, { target: { value: '3' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(input).toHaveValue('2');
  });

  it('fits the width by default and zooms in and out by steps, or to a typed percentage', async () => {
    const { doc } = await openSample();
    const fit = screen.getByRole('button', { name: 'Fit width' });
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    const zoom = screen.getByTestId('pdf-zoom-input');
    // jsdom lays nothing out: a viewer 0 px wide fits at 100 %.
    expect(zoom).toHaveValue('100%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom).toHaveValue('110%');
    expect(fit).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoom).toHaveValue('90%');
    fireEvent.change(zoom, { target: { value: '200' } });
    fireEvent.keyDown(zoom, { key: 'Enter' });
    expect(zoom).toHaveValue('200%');
    const page = document.querySelector<HTMLElement>('[data-page-number="1"]')!;
    expect(page.style.width).toBe(`${Math.floor(595 * 2 * (96 / 72))}px`);
    await waitFor(() => expect(doc.pages[0]!.render.mock.calls.some(([params]) => params.viewport.scale === 2 * (96 / 72))).toBe(true));
  });

  it('opens its find box on Ctrl+F, counts the matches of every page and steps through them', async () => {
    const { doc } = await openSample();
    fireEvent.keyDown(screen.getByTestId('pdf-pages'), { key: 'f', ctrlKey: true });
    const find = await screen.findByTestId('pdf-find-input');
    await waitFor(() => expect(find).toHaveFocus());
    fireEvent.change(find, { target: { value: 'PAGE' } });
    const status = screen.getByTestId('pdf-find-status');
    await waitFor(() => expect(status).toHaveTextContent('1 of 3'));
    for (const page of doc.pages) expect(page.getTextContent).toHaveBeenCalled();
    await waitFor(() => expect(document.querySelector('.cv-pdf-hit--selected')).toHaveTextContent('page'));
    expect(document.querySelector('.cv-pdf-hit--selected')!.closest('[data-page-number]')).toHaveAttribute('data-page-number', '1');
    expect(document.querySelectorAll('.cv-pdf-hit')).toHaveLength(3);

    fireEvent.keyDown(find, { key: 'Enter' });
    expect(status).toHaveTextContent('2 of 3');
    expect(screen.getByTestId('pdf-page-input')).toHaveValue('2');
    await waitFor(() =>
      expect(document.querySelector('.cv-pdf-hit--selected')!.closest('[data-page-number]')).toHaveAttribute('data-page-number', '2'),
    );
    fireEvent.keyDown(find, { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(find, { key: 'Enter', shiftKey: true });
    expect(status).toHaveTextContent('3 of 3');

    fireEvent.change(find, { target: { value: 'nowhere to be found' } });
    await waitFor(() => expect(status).toHaveTextContent('No matches'));
    expect(document.querySelectorAll('.cv-pdf-hit')).toHaveLength(0);
    // The span's own text is back as pdf.js wrote it.
    expect(screen.getByTestId('viewer-pdf')).toHaveTextContent(SAMPLE_PAGE_TEXTS[1]!);

    fireEvent.keyDown(find, { key: 'Escape' });
    expect(screen.queryByTestId('pdf-find-input')).toBeNull();
  });

  it('asks for the password of a protected file and says so when it is wrong', async () => {
    const doc = fakeDocument(SAMPLE_PAGE_TEXTS);
    let resolve!: (value: unknown) => void;
    const task = fakeTask(new Promise((r) => (resolve = r)));
    mockedOpen.mockResolvedValue(task as never);
    const answers: string[] = [];
    show();
    await waitFor(() => expect(task.onPassword).not.toBeNull());
    act(() => task.onPassword!((password) => answers.push(password), 1));
    expect(await screen.findByText('This PDF is protected by a password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();

    const field = screen.getByLabelText('Password');
    fireEvent.change(field, { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(answers).toEqual(['guess']);
    act(() => task.onPassword!((password) => answers.push(password), 2));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is wrong. Try again.');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.submit(screen.getByTestId('pdf-password-form'));
    expect(answers).toEqual(['guess', 'open sesame']);
    await act(async () => resolve(doc));
    await waitFor(() => expect(screen.getByTestId('viewer-pdf')).toHaveTextContent(SAMPLE_PAGE_TEXTS[0]!));
  });

  it('asks for the password in Chinese when the interface is in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    const task = fakeTask(new Promise(() => undefined));
    mockedOpen.mockResolvedValue(task as never);
    show();
    await waitFor(() => expect(task.onPassword).not.toBeNull());
    act(() => task.onPassword!(() => undefined, 2));
    expect(await screen.findByText('此 PDF 受密码保护')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('密码不正确');
  });

  it('falls back to the download for a damaged file', async () => {
    const task = fakeTask(Promise.reject(Object.assign(new Error('Invalid PDF structure.'), { name: 'InvalidPDFException' })));
    mockedOpen.mockResolvedValue(task as never);
    const onError = show();
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    const error = onError.mock.calls[0][0];
    expect(error).toBeInstanceOf(ViewerError);
    expect(error.reason).toBe('damaged');
    expect(screen.getByTestId('viewer-loading')).toBeInTheDocument();
  });

  it('falls back as unreachable when the file cannot be fetched', async () => {
    const task = fakeTask(Promise.reject(Object.assign(new Error('Unexpected server response (404)'), { name: 'ResponseException' })));
    mockedOpen.mockResolvedValue(task as never);
    const onError = show();
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'unreachable' })));
  });

  it('stops loading the document when it is closed', async () => {
    const task = fakeTask(new Promise(() => undefined));
    mockedOpen.mockResolvedValue(task as never);
    const view = render(
      <I18nextProvider i18n={i18n}>
        <PdfViewer source={source} kind="pdf" label="x" onError={jest.fn()} />
      </I18nextProvider>,
    );
    await waitFor(() => expect(mockedOpen).toHaveBeenCalled());
    await act(async () => undefined);
    view.unmount();
    expect(task.destroy).toHaveBeenCalled();
    expect(within(document.body).queryByTestId('viewer-pdf')).toBeNull();
  });
});
