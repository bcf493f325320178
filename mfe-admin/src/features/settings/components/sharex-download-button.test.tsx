import { fireEvent, screen } from '@testing-library/react';
import { blobText, captureDownloads } from '../../../test/capture-downloads';
import { renderWithKernel, testKernel } from '../../../test/test-kernel';
import { KeyInfoCard } from './key-info-card';

const KEY = 'k'.repeat(32);

describe('ShareX uploader in the key holder settings', () => {
  it('downloads a .sxcu file for the signed-in key that uploads to this backend', async () => {
    const downloads = captureDownloads();
    try {
      const kernel = testKernel({ language: 'en-US' });
      kernel.session.loginApiKey(KEY, { text: false, file: true, mount: false }, { id: 'k1', name: 'screens', basic_path: '/' });
      renderWithKernel(kernel, <KeyInfoCard />);
      const button = screen.getByRole('button', { name: /Download ShareX uploader \(\.sxcu\)$/ });
      expect(button).toHaveAccessibleDescription(/Double-click the file to add Cloudclip to ShareX.*contains this API key/);
      fireEvent.click(button);
      expect(downloads.names).toEqual([`cloudclip-${window.location.host.replace(/:/g, '-')}.sxcu`]);
      expect(downloads.blobs[0]?.type).toBe('application/json;charset=utf-8');
      const file = JSON.parse(await blobText(downloads.blobs[0]!)) as Record<string, unknown>;
      expect(file).toMatchObject({
        Version: '15.0.0',
        DestinationType: 'ImageUploader, FileUploader',
        RequestMethod: 'PUT',
        RequestURL: 'http://127.0.0.1:8080/api/upload-direct/{filename}',
        Headers: { Authorization: `ApiKey ${KEY}` },
        Body: 'Binary',
        URL: `${window.location.origin}/file/{json:data.slug}`,
        ErrorMessage: '{json:message}',
      });
    } finally {
      downloads.restore();
    }
  });

  it('is in Chinese for a Chinese page', () => {
    const kernel = testKernel({ language: 'zh-CN' });
    kernel.session.loginApiKey(KEY, { text: true, file: true, mount: false }, { id: 'k1', name: 'screens', basic_path: '/' });
    renderWithKernel(kernel, <KeyInfoCard />);
    expect(screen.getByRole('button', { name: /下载 ShareX 上传配置（\.sxcu）$/ })).toHaveAccessibleDescription(/文件中包含此 API 密钥/);
  });

  it('is not offered to a key that may not upload files', () => {
    const kernel = testKernel({ language: 'en-US' });
    kernel.session.loginApiKey(KEY, { text: true, file: false, mount: true }, { id: 'k2', name: 'notes', basic_path: '/' });
    renderWithKernel(kernel, <KeyInfoCard />);
    expect(screen.getByTestId('key-perm-file')).toHaveAttribute('data-on', 'false');
    expect(screen.queryByRole('button', { name: /ShareX/ })).not.toBeInTheDocument();
  });
});
