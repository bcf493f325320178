import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@cloudclip/shared-kernel';
import { FakeXhr, installFakeXhr } from '@cloudclip/shared-kernel/testing/fake-xhr';
import { freezeClock } from '@cloudclip/shared-kernel/testing/freeze-clock';
import { makeKernel, ORIGIN, renderWithKernel } from '../../../test/test-kernel';
import { EditorPage } from '../components/editor-page';

installFakeXhr();
beforeEach(() => window.localStorage.clear());

const ADMIN = { admin_token: 'token-1' };
const FILE_KEY = { api_key: 'key-1', api_key_permissions: JSON.stringify({ text: true, file: true, mount: false }) };
const TEXT_KEY = { api_key: 'key-2', api_key_permissions: JSON.stringify({ text: true, file: false, mount: false }) };

function uploaded(slug: string, filename: string) {
  return { code: 200, success: true, message: 'ok', data: { id: `id-${slug}`, slug, filename, proxy_preview_url: 'ignored' } };
}

async function renderEditor(storage: Record<string, string>, draft = '', language: 'en-US' | 'zh-CN' = 'en-US') {
  if (draft) window.localStorage.setItem(STORAGE_KEYS.editorDraft, draft);
  renderWithKernel(<EditorPage />, makeKernel({ storage, language }));
  const editor = (await screen.findByTestId('editor-textarea')) as HTMLTextAreaElement;
  return editor;
}

function pasteFiles(target: HTMLTextAreaElement, files: File[], text = '') {
  return fireEvent.paste(target, {
    clipboardData: {
      files,
      items: [],
      types: [...(text ? ['text/plain'] : []), 'Files'],
      getData: (type: string) => (type === 'text/plain' ? text : ''),
    },
  });
}

const image = (name: string) => new File([`bytes of ${name}`], name, { type: 'image/png' });

const SHOT = 'pasted-2026-11-28-153012.png';
afterEach(() => jest.useRealTimers());

describe('pasting files into the editor', () => {
  it('uploads a pasted image, named from the paste time, and puts it in the text where the cursor was', async () => {
    const editor = await renderEditor(ADMIN);
    freezeClock(new Date(2026, 10, 28, 15, 30, 12));
    fireEvent.change(editor, { target: { value: 'before after' } });
    editor.setSelectionRange(7, 7);

    const notHandledByTheEditor = pasteFiles(editor, [image('image.png')]);
    expect(notHandledByTheEditor).toBe(false); // default prevented
    expect(editor).toHaveValue(`before ![Uploading ${SHOT}…]()after`);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const request = FakeXhr.sent[0]!;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`${ORIGIN}/api/upload-direct/${SHOT}`);
    expect(request.headers.Authorization).toBe('Bearer token-1');
    expect(request.body).toBeInstanceOf(File);
    request.progress(5, 10);
    expect(screen.getByTestId('paste-upload-status')).toHaveTextContent(`Uploading ${SHOT}… 50%`);

    request.respond(200, uploaded('abc123', SHOT));
    await waitFor(() => expect(editor).toHaveValue(`before ![${SHOT}](${ORIGIN}/api/file-view/abc123)after`));
    expect(screen.queryByTestId('paste-upload-status')).toBeNull();
    expect(screen.queryByTestId('paste-upload-alert')).toBeNull();
  });

  it('uploads several images one after another, in the order pasted', async () => {
    const editor = await renderEditor(FILE_KEY, 'intro\n');
    editor.setSelectionRange(6, 6);
    pasteFiles(editor, [image('one.png'), image('two.png')]);
    expect(editor).toHaveValue('intro\n![Uploading one.png…]()\n![Uploading two.png…]()');

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe(`${ORIGIN}/api/upload-direct/one.png`);
    expect(FakeXhr.sent[0]!.headers.Authorization).toBe('ApiKey key-1');
    FakeXhr.sent[0]!.respond(200, uploaded('s1', 'one.png'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.url).toBe(`${ORIGIN}/api/upload-direct/two.png`);
    FakeXhr.sent[1]!.respond(200, uploaded('s2', 'two.png'));

    await waitFor(() =>
      expect(editor).toHaveValue(`intro\n![one.png](${ORIGIN}/api/file-view/s1)\n![two.png](${ORIGIN}/api/file-view/s2)`),
    );
  });

  it('keeps two screenshots pasted in the same second apart', async () => {
    const editor = await renderEditor(ADMIN);
    freezeClock(new Date(2026, 10, 28, 15, 30, 12));
    pasteFiles(editor, [image('image.png')]);
    editor.setSelectionRange(0, 0);
    pasteFiles(editor, [image('image.png')]);
    expect(editor).toHaveValue('![Uploading pasted-2026-11-28-153012-2.png…]()![Uploading pasted-2026-11-28-153012.png…]()');

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(200, uploaded('first', SHOT));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1]!.respond(200, uploaded('second', 'pasted-2026-11-28-153012-2.png'));
    await waitFor(() =>
      expect(editor).toHaveValue(
        `![pasted-2026-11-28-153012-2.png](${ORIGIN}/api/file-view/second)![${SHOT}](${ORIGIN}/api/file-view/first)`,
      ),
    );
  });

  it('takes the placeholder out again and says why when the upload fails', async () => {
    const editor = await renderEditor(ADMIN, 'my text');
    editor.setSelectionRange(2, 2);
    pasteFiles(editor, [image('big.png')]);
    expect(editor).toHaveValue('my![Uploading big.png…]() text');

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.respond(400, { code: 400, success: false, message: 'File exceeds the 5 MB upload limit' });

    const alert = await screen.findByTestId('paste-upload-alert');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('Could not upload big.png: File exceeds the 5 MB upload limit');
    expect(editor).toHaveValue('my text');
  });

  it('says why a network failure stopped the upload, in Chinese too', async () => {
    const editor = await renderEditor(ADMIN, 'text', 'zh-CN');
    pasteFiles(editor, [image('a.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.onerror?.());
    const alert = await screen.findByTestId('paste-upload-alert');
    expect(alert).toHaveTextContent(/^a\.png 上传失败：/);
    expect(editor).toHaveValue('text');
  });

  it('tells a visitor who may not upload how to paste images, and inserts nothing', async () => {
    const editor = await renderEditor({}, 'untouched');
    const notHandledByTheEditor = pasteFiles(editor, [image('image.png')]);
    expect(notHandledByTheEditor).toBe(false);

    const alert = screen.getByTestId('paste-upload-alert');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveTextContent('Sign in with an API key that may upload files, or as the administrator, to paste images.');
    expect(editor).toHaveValue('untouched');
    await act(async () => undefined);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('does not let a key without the file permission upload, and says so in Chinese', async () => {
    const editor = await renderEditor(TEXT_KEY, 'untouched', 'zh-CN');
    pasteFiles(editor, [image('image.png')]);
    expect(screen.getByTestId('paste-upload-alert')).toHaveTextContent(
      '要粘贴图片，请使用有文件上传权限的 API 密钥登录，或以管理员身份登录。',
    );
    expect(editor).toHaveValue('untouched');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('leaves a text paste to the editor', async () => {
    const editor = await renderEditor(ADMIN, 'abc');
    const notHandledByTheEditor = fireEvent.paste(editor, {
      clipboardData: { files: [], items: [], types: ['text/plain'], getData: () => 'pasted words' },
    });
    expect(notHandledByTheEditor).toBe(true);
    expect(editor).toHaveValue('abc');
    expect(screen.queryByTestId('paste-upload-alert')).toBeNull();
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
