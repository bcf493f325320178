import { fireEvent, screen } from '@testing-library/react';
import { blobText, captureDownloads } from '../../../test/capture-downloads';
import { fakeFetch, renderWithKernel, testKernel } from '../../../test/test-kernel';
import { KeyManagementPage } from './key-management-page';

const KEYS = [
  {
    id: 'k1',
    name: 'screenshots',
    key: 'shot_key_0123456789',
    key_masked: 'shot_k...',
    text_permission: 0,
    file_permission: 1,
    mount_permission: 0,
    basic_path: '/',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '9999-12-31T23:59:59.000Z',
    last_used: null,
  },
  {
    id: 'k2',
    name: 'notes',
    key: 'notes_key_0123456789',
    key_masked: 'notes_...',
    text_permission: 1,
    file_permission: 0,
    mount_permission: 0,
    basic_path: '/',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '9999-12-31T23:59:59.000Z',
    last_used: null,
  },
];

describe('KeyManagementPage, ShareX uploader of a key', () => {
  it('offers the .sxcu file of a key that may upload files, with that key in it, and not for a text-only key', async () => {
    const downloads = captureDownloads();
    try {
      const { fetchImpl } = fakeFetch([
        { method: 'GET', path: '/api/admin/api-keys', reply: { body: { code: 200, message: 'ok', success: true, data: KEYS } } },
      ]);
      const kernel = testKernel({ language: 'en-US', fetchImpl });
      kernel.session.loginAdmin('t'.repeat(32));
      renderWithKernel(kernel, <KeyManagementPage />);
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
    const { fetchImpl } = fakeFetch([
      { method: 'GET', path: '/api/admin/api-keys', reply: { body: { code: 200, message: 'ok', success: true, data: KEYS } } },
    ]);
    const kernel = testKernel({ language: 'zh-CN', fetchImpl });
    kernel.session.loginAdmin('t'.repeat(32));
    renderWithKernel(kernel, <KeyManagementPage />);
    expect(await screen.findByRole('button', { name: '下载密钥 screenshots 的 ShareX 上传配置（.sxcu）' })).toBeInTheDocument();
  });
});
