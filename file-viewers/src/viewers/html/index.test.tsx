import { streamOf } from '../code/test-env';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { binarySample, HTML_SAMPLE_TITLE, htmlSample } from '../../../fixtures/text.mjs';
import { openStream, readBytes } from '../../source';
import type { FileSource } from '../../types';
import { renderWithTexts } from '../code/test-render';
import HtmlViewer from './index';
import { SANDBOX_CSP } from './sandbox';

jest.mock('../../source', () => ({ ...jest.requireActual('../../source'), openStream: jest.fn(), readBytes: jest.fn() }));

const sources = new Map<FileSource, Uint8Array>();
function sourceOf(name: string, bytes: Uint8Array, size = bytes.length): FileSource {
  const source: FileSource = { name, size, url: `/files/${name}`, contentType: 'text/html' };
  sources.set(source, bytes);
  return source;
}

/** jsdom's Blob has no stream(): read it with FileReader. */
function bytesOfBlob(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

beforeEach(() => {
  (readBytes as jest.Mock).mockReset().mockImplementation(async (source: FileSource) => sources.get(source)!);
  (openStream as jest.Mock)
    .mockReset()
    .mockImplementation(async (source: FileSource) => streamOf([source.blob ? await bytesOfBlob(source.blob) : sources.get(source)!]));
});

function show(source: FileSource) {
  const onError = jest.fn();
  renderWithTexts(<HtmlViewer source={source} kind="html" label={`Content of ${source.name}`} onError={onError} />);
  return onError;
}

describe('the HTML viewer', () => {
  it('renders the page only in a sandboxed frame whose document starts with the CSP', async () => {
    const before = document.title;
    show(sourceOf('page.html', htmlSample()));
    const frame = await screen.findByTestId('html-frame');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    const srcdoc = frame.getAttribute('srcdoc')!;
    expect(srcdoc).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    expect(srcdoc).toContain(`content="${SANDBOX_CSP}"`);
    expect(srcdoc).not.toContain('<script');
    expect(screen.getByTestId('html-title')).toHaveTextContent(HTML_SAMPLE_TITLE);
    expect(screen.getByText('Shown in a sandbox: no script runs and nothing is loaded from any site.')).toBeInTheDocument();
    expect(document.title).toBe(before);
    expect(screen.getByRole('button', { name: 'Rendered' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the source, highlighted as XML, from the bytes already read', async () => {
    show(sourceOf('page.html', htmlSample()));
    fireEvent.click(await screen.findByRole('button', { name: 'Source' }));
    expect(screen.queryByTestId('html-frame')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('viewer-code')).toHaveAttribute('data-language', 'xml'));
    const code = screen.getByTestId('file-text').querySelector('pre code.hljs')!;
    expect(code).toHaveTextContent('<script>document.title = "script ran";');
    expect(code.querySelector('.hljs-name')).toHaveTextContent('html');
    expect(readBytes).toHaveBeenCalledTimes(1);
    expect((openStream as jest.Mock).mock.calls[0][0].blob).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Rendered' }));
    expect(await screen.findByTestId('html-frame')).toBeInTheDocument();
  });

  it('shows a page over 5 MB as source only, without reading it whole', async () => {
    const big = new TextEncoder().encode(`<p>${'x'.repeat(64)}</p>\n`);
    show(sourceOf('huge.html', big, 6 * 1024 * 1024));
    expect(await screen.findByText('This page is larger than 5 MB, so only its source is shown.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rendered' })).toBeDisabled();
    expect(screen.queryByTestId('html-frame')).toBeNull();
    expect(await screen.findByTestId('viewer-code')).toBeInTheDocument();
    expect(readBytes).not.toHaveBeenCalled();
  });

  it('falls back for a binary file', async () => {
    const onError = show(sourceOf('data.html', binarySample()));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'unsupported' })));
  });
});
