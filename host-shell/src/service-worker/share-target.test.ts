/** @jest-environment node */
import 'fake-indexeddb/auto';
import { takeSharedItem } from '@cloudclip/shared-kernel/src/pwa/share-inbox';
import { handleShareTarget, sharedInputOf } from './share-target';

const ORIGIN = 'https://clip.example';

function post(form: FormData): Request {
  return new Request(`${ORIGIN}/share-target`, { method: 'POST', body: form });
}

function shareIdOf(response: Response): string | null {
  return new URL(response.headers.get('location') ?? '').searchParams.get('share');
}

describe('share target', () => {
  it('sends shared text and a link to the editor, where the inbox holds them', async () => {
    const form = new FormData();
    form.set('title', 'A page');
    form.set('text', 'Worth a read');
    form.set('url', 'https://example.com/a');
    const response = await handleShareTarget(post(form), ORIGIN);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(ORIGIN);
    expect(location.pathname).toBe('/');
    const item = await takeSharedItem(shareIdOf(response) ?? '');
    expect(item).toMatchObject({ title: 'A page', text: 'Worth a read', url: 'https://example.com/a', files: [] });
  });

  it('sends shared files (several) to the upload page, ignoring an empty file part', async () => {
    const form = new FormData();
    form.append('files', new File(['one'], 'a.png', { type: 'image/png' }));
    form.append('files', new File(['two!'], 'b.txt', { type: 'text/plain' }));
    form.append('files', new File([], ''));
    form.set('text', '');
    const response = await handleShareTarget(post(form), ORIGIN);
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location') ?? '').pathname).toBe('/upload');
    const item = await takeSharedItem(shareIdOf(response) ?? '');
    expect(item?.files).toHaveLength(2);
    expect(item?.text).toBe('');
  });

  it('reads only non-empty text fields and real files from the form', () => {
    const form = new FormData();
    form.set('text', '   ');
    form.append('files', new File([], ''));
    expect(sharedInputOf(form)).toBeNull();
    form.set('url', 'https://x.io');
    expect(sharedInputOf(form)).toEqual({ title: undefined, text: undefined, url: 'https://x.io' });
  });

  it('sends an empty share to the start page without an inbox item', async () => {
    const put = jest.fn();
    const response = await handleShareTarget(post(new FormData()), ORIGIN, put);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/`);
    expect(put).not.toHaveBeenCalled();
  });

  it('says the share is unavailable when the inbox refuses it', async () => {
    const form = new FormData();
    form.set('text', 'hello');
    const response = await handleShareTarget(post(form), ORIGIN, () => Promise.reject(new Error('IndexedDB is not available')));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/?share=unavailable`);
  });

  it('says the share is unavailable when the body is not a form', async () => {
    const request = new Request(`${ORIGIN}/share-target`, { method: 'POST', body: 'x', headers: { 'Content-Type': 'application/json' } });
    const response = await handleShareTarget(request, ORIGIN);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/?share=unavailable`);
  });
});
