import '../../../test/web-crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, makeKernel, type FakeReply } from '../../../test/test-kernel';
import { encryptPaste } from '@cloudclip/contract/paste-crypto';
import { renderPastePage } from './render-paste-page';

const MARKDOWN = '# Trip notes\n\nBring the tent & 两个睡袋';

const view = (extra: Record<string, unknown> = {}): FakeReply => ({
  body: {
    id: 'p1',
    slug: 'abc',
    remark: null,
    expiresAt: null,
    maxViews: null,
    views: 1,
    createdAt: '2025-07-01T08:00:00.000Z',
    created_by: null,
    content: MARKDOWN,
    hasPassword: false,
    ...extra,
  },
});

function renderPaste(path: string, reply: FakeReply, language: 'en-US' | 'zh-CN' = 'en-US') {
  const fetch = fakeFetch(() => reply);
  const kernel = makeKernel({ fetchImpl: fetch.impl, language });
  renderPastePage(kernel, path);
}

/** The clipboard at the browser's edge. */
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
}
const write = jest.fn<Promise<void>, [FakeClipboardItem[]]>();
const writeText = jest.fn<Promise<void>, [string]>();

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** What `clipboard.write` got, by type. */
async function written(): Promise<Record<string, string>> {
  const [item] = write.mock.calls.at(-1)![0];
  const entries = await Promise.all(Object.entries(item!.items).map(async ([type, blob]) => [type, await blobText(blob)] as const));
  return Object.fromEntries(entries);
}

beforeEach(() => {
  write.mockReset().mockResolvedValue(undefined);
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { write, writeText } });
  Object.defineProperty(window, 'ClipboardItem', { configurable: true, writable: true, value: FakeClipboardItem });
  document.execCommand = jest.fn(() => false);
});

describe('PastePage copy buttons', () => {
  it('copies the Markdown source as plain text and says "Copied"', async () => {
    renderPaste('/paste/abc', view());
    await screen.findByRole('heading', { name: 'Trip notes' });
    const group = screen.getByRole('group', { name: 'Copy the text' });
    expect(group).toContainElement(screen.getByTestId('copy-formatted'));
    fireEvent.click(screen.getByRole('button', { name: 'Copy as Markdown' }));
    await waitFor(() => expect(screen.getByTestId('copy-content')).toHaveTextContent('Copied'));
    expect(writeText).toHaveBeenCalledWith(MARKDOWN);
    expect(write).not.toHaveBeenCalled();
  });

  it('copies the text as shown (HTML) with the Markdown as the plain-text alternative', async () => {
    renderPaste('/paste/abc', view());
    await screen.findByRole('heading', { name: 'Trip notes' });
    await waitFor(() => expect(screen.getByTestId('copy-formatted')).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Copy as formatted text' }));
    await waitFor(() => expect(screen.getByTestId('copy-formatted')).toHaveTextContent('Copied'));
    const clipboard = await written();
    expect(Object.keys(clipboard).sort()).toEqual(['text/html', 'text/plain']);
    expect(clipboard['text/plain']).toBe(MARKDOWN);
    const html = document.createElement('div');
    html.innerHTML = clipboard['text/html']!;
    expect(clipboard['text/html']).toMatch(/^<meta charset="utf-8">/);
    expect(html.querySelector('h1')?.textContent).toBe('Trip notes');
    expect(html.querySelector('p')?.textContent).toBe('Bring the tent & 两个睡袋');
    expect(clipboard['text/html']).not.toMatch(/data-testid|cp-md-chunk/);
  });

  it('copies the decrypted text of an encrypted paste, never the ciphertext or the key', async () => {
    const sealed = await encryptPaste(MARKDOWN);
    renderPaste(`/paste/abc#${sealed.key}`, view({ content: sealed.envelope, encryption: 'aes-256-gcm/v1' }));
    await screen.findByRole('heading', { name: 'Trip notes' });
    fireEvent.click(screen.getByTestId('copy-content'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(MARKDOWN));
    await waitFor(() => expect(screen.getByTestId('copy-formatted')).toBeEnabled());
    fireEvent.click(screen.getByTestId('copy-formatted'));
    await waitFor(() => expect(write).toHaveBeenCalled());
    const clipboard = await written();
    expect(clipboard['text/plain']).toBe(MARKDOWN);
    expect(JSON.stringify(clipboard)).not.toContain(sealed.key);
    expect(JSON.stringify(clipboard)).not.toContain(sealed.envelope);
  });

  it('says why in an alert, in Chinese too, when the clipboard refuses', async () => {
    write.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderPaste('/paste/abc', view(), 'zh-CN');
    await screen.findByRole('heading', { name: 'Trip notes' });
    expect(screen.getByTestId('copy-content')).toHaveTextContent('复制为 Markdown');
    await waitFor(() => expect(screen.getByTestId('copy-formatted')).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: '复制为富文本' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('无法写入剪贴板');
    expect(screen.getByTestId('copy-formatted')).not.toHaveTextContent('已复制');
    // The next copy that works clears the message.
    fireEvent.click(screen.getByTestId('copy-content'));
    await waitFor(() => expect(screen.getByTestId('copy-content')).toHaveTextContent('已复制'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
