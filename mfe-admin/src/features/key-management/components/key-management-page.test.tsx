import { fireEvent, screen, waitFor } from '@testing-library/react';
import { blobText, captureDownloads } from '../../../test/capture-downloads';
import { API_KEY_ROW_DEFAULTS, renderKeyManagement } from '../../../test/api-key-rows';

const KEYS = [
  {
    ...API_KEY_ROW_DEFAULTS,
    id: 'k1',
    name: 'screenshots',
    key: 'shot_key_0123456789',
    key_masked: 'shot_k...',
    text_permission: 0,
    file_permission: 1,
  },
  {
    ...API_KEY_ROW_DEFAULTS,
    id: 'k2',
    name: 'notes',
    key: 'notes_key_0123456789',
    key_masked: 'notes_...',
    text_permission: 1,
    file_permission: 0,
  },
];

describe('KeyManagementPage, ShareX uploader of a key', () => {
  it('offers the .sxcu file of a key that may upload files, with that key in it, and not for a text-only key', async () => {
    const downloads = captureDownloads();
    try {
      renderKeyManagement(KEYS);
      const action = await screen.findByRole('button', { name: 'Download ShareX uploader (.sxcu) for the key screenshots' });
      expect(screen.queryByRole('button', { name: /ShareX uploader \(\.sxcu\) for the key notes/ })).not.toBeInTheDocument();
      fireEvent.click(action);
      expect(downloads.names).toHaveLength(1);
      expect(downloads.names[0]).toMatch(/^cloudclip-.+\.sxcu$/);
      const file = JSON.parse(await blobText(downloads.blobs[0]!)) as { Headers: { Authorization: string }; RequestURL: string };
      expect(file.Headers.Authorization).toBe('ApiKey shot_key_0123456789');
      expect(file.RequestURL).toBe('http://127.0.0.1:8080/api/upload-direct/{filename}');
    } finally {
      downloads.restore();
    }
  });

  it('names the action in Chinese on a Chinese page', async () => {
    renderKeyManagement(KEYS, 'zh-CN');
    expect(await screen.findByRole('button', { name: '下载密钥 screenshots 的 ShareX 上传配置（.sxcu）' })).toBeInTheDocument();
  });
});

describe('KeyManagementPage, deleting a key', () => {
  it('asks first, then deletes the key, says so and lists the keys again', async () => {
    const { calls } = renderKeyManagement(KEYS, 'en-US', [
      { method: 'DELETE', path: '/api/admin/api-keys/k2', reply: { body: { code: 200, message: 'ok', success: true } } },
    ]);
    await screen.findByText('notes');
    fireEvent.click(screen.getAllByTestId('row-delete')[1]!);
    const ok = await screen.findByTestId('confirm-ok');
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    fireEvent.click(ok);
    expect(await screen.findByText('API key deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url).pathname)).toEqual(['/api/admin/api-keys/k2']);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.url.endsWith('/api/admin/api-keys'))).toHaveLength(2));
  });
});
