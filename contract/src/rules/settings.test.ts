import { DEFAULT_WEBDAV_UPLOAD_MODE, effectiveWebdavUploadMode, isWebdavUploadMode } from './settings';

describe('webdav_upload_mode', () => {
  it.each(['auto', 'proxy', 'multipart', 'direct'])('%s is a mode', (mode) => {
    expect(isWebdavUploadMode(mode)).toBe(true);
    expect(effectiveWebdavUploadMode(mode)).toBe(mode);
  });

  it.each(['Proxy', 'stream', '', 1, null, undefined])('%p is not a mode', (value) => {
    expect(isWebdavUploadMode(value)).toBe(false);
  });

  it('a stored value means its mode with the spaces around it ignored', () => {
    expect(effectiveWebdavUploadMode(' multipart\n')).toBe('multipart');
  });

  it.each([undefined, null, '', 'PROXY', 'stream'])('stored %p (never saved or unknown) means the default, auto', (stored) => {
    expect(DEFAULT_WEBDAV_UPLOAD_MODE).toBe('auto');
    expect(effectiveWebdavUploadMode(stored)).toBe('auto');
  });
});
