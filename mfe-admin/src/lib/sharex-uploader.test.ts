import { blobText, captureDownloads } from '../test/capture-downloads';
import { downloadSharexUploader, sharexFileName, sharexFileText, sharexUploader } from './sharex-uploader';

const KEY = 'cc_key_0123456789abcdef0123456789';

describe('sharexUploader', () => {
  it('uploads the raw file with PUT to upload-direct with the key, and links the share page of the slug', () => {
    expect(sharexUploader({ baseUrl: 'https://paste.example.com', pageUrl: 'https://paste.example.com/admin/settings', key: KEY })).toEqual(
      {
        Version: '15.0.0',
        Name: 'Cloudclip (paste.example.com)',
        DestinationType: 'ImageUploader, FileUploader',
        RequestMethod: 'PUT',
        RequestURL: 'https://paste.example.com/api/upload-direct/{filename}',
        Headers: { Authorization: `ApiKey ${KEY}` },
        Body: 'Binary',
        URL: 'https://paste.example.com/file/{json:data.slug}',
        ThumbnailURL: 'https://paste.example.com/api/file-view/{json:data.slug}',
        ErrorMessage: '{json:message}',
      },
    );
  });

  it('sends uploads to a backend on another address, and keeps the share page on the site the panel runs on', () => {
    const uploader = sharexUploader({ baseUrl: 'https://api.example.net/cc/', pageUrl: 'http://127.0.0.1:8080/admin/settings', key: KEY });
    expect(uploader.Name).toBe('Cloudclip (127.0.0.1:8080)');
    expect(uploader.RequestURL).toBe('https://api.example.net/cc/api/upload-direct/{filename}');
    expect(uploader.ThumbnailURL).toBe('https://api.example.net/cc/api/file-view/{json:data.slug}');
    expect(uploader.URL).toBe('http://127.0.0.1:8080/file/{json:data.slug}');
  });

  it('makes a relative backend address absolute against the page', () => {
    const uploader = sharexUploader({ baseUrl: '/', pageUrl: 'https://cloudclip.test/admin/settings?tab=1', key: KEY });
    expect(uploader.RequestURL).toBe('https://cloudclip.test/api/upload-direct/{filename}');
  });
});

describe('the .sxcu file', () => {
  it('is named after the host, with characters every system accepts', () => {
    expect(sharexFileName('http://127.0.0.1:8080/admin/settings')).toBe('cloudclip-127.0.0.1-8080.sxcu');
    expect(sharexFileName('https://paste.example.com/admin')).toBe('cloudclip-paste.example.com.sxcu');
  });

  it('is the uploader as JSON that reads back the same', () => {
    const uploader = sharexUploader({ baseUrl: 'https://a.test', pageUrl: 'https://a.test/admin', key: KEY });
    const text = sharexFileText(uploader);
    expect(JSON.parse(text)).toEqual(uploader);
    expect(text.endsWith('\n')).toBe(true);
  });
});

describe('downloadSharexUploader', () => {
  it('offers the browser the file of the key, named after the page host', async () => {
    const downloads = captureDownloads();
    try {
      downloadSharexUploader('https://api.example.net', KEY, 'https://clip.example.com/admin/key-management');
      expect(downloads.names).toEqual(['cloudclip-clip.example.com.sxcu']);
      expect(JSON.parse(await blobText(downloads.blobs[0]!))).toEqual(
        sharexUploader({ baseUrl: 'https://api.example.net', pageUrl: 'https://clip.example.com/admin', key: KEY }),
      );
    } finally {
      downloads.restore();
    }
  });
});
