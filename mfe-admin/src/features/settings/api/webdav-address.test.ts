import { webdavAddress } from './webdav-address';

describe('webdavAddress', () => {
  it('is /dav/ on the page origin when the backend is the page origin', () => {
    expect(webdavAddress('https://clip.example.com', 'https://clip.example.com/admin/settings')).toBe('https://clip.example.com/dav/');
  });

  it('follows a backend address of its own, with or without a trailing slash or a path', () => {
    expect(webdavAddress('https://api.example.com/', 'https://clip.example.com/admin')).toBe('https://api.example.com/dav/');
    expect(webdavAddress('https://example.com/cloudclip', 'https://clip.example.com/admin')).toBe('https://example.com/cloudclip/dav/');
  });

  it('makes a relative or empty base absolute against the page', () => {
    expect(webdavAddress('', 'http://127.0.0.1:8080/admin/settings')).toBe('http://127.0.0.1:8080/dav/');
    expect(webdavAddress('/', 'http://127.0.0.1:8080/admin/settings')).toBe('http://127.0.0.1:8080/dav/');
  });
});
