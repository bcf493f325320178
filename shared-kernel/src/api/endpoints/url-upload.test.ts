import { createUrlUploadApi } from './url-upload';
import { API_KEY, BASE, createHarness, envelope } from './test-harness';

describe('url-upload endpoints', () => {
  it('probes a URL with POST /api/url/info', async () => {
    const h = createHarness();
    const info = {
      url: 'https://x.test/a.png',
      filename: 'a.png',
      contentType: 'image/png',
      size: 10,
      lastModified: null,
      method: 'HEAD',
      corsSupported: false,
    };
    h.reply(envelope(info));
    expect(await createUrlUploadApi(h.client).info('https://x.test/a.png')).toEqual(info);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/url/info`, body: { url: 'https://x.test/a.png' } });
  });

  it('builds the proxy link with the source URL encoded', () => {
    const h = createHarness();
    expect(createUrlUploadApi(h.client).proxyUrl('https://x.test/a b.png?x=1&y=2')).toBe(
      `${BASE}/api/url/proxy?url=https%3A%2F%2Fx.test%2Fa+b.png%3Fx%3D1%26y%3D2`,
    );
  });

  it('presigns and commits with the ApiKey header', async () => {
    const h = createHarness('apiKey');
    const api = createUrlUploadApi(h.client);
    h.reply(envelope({ file_id: 'f1', upload_url: 'https://b/u', contentType: 'image/png' }));
    const presignBody = { url: 'https://x.test/a.png', s3_config_id: 'c1', metadata: { source_url: 'https://x.test/a.png' } };
    expect((await api.presign(presignBody)).file_id).toBe('f1');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/url/presign`, body: presignBody });
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    h.reply(envelope({ id: 'f1', slug: 's', url: '/file/s', maxViews: null }));
    // No limit sent: the wire's null comes back as 0 (unlimited), the kernel's published shape.
    expect((await api.commit({ file_id: 'f1', etag: 'e', size: 10, expires_in: 0 })).maxViews).toBe(0);
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/url/commit`,
      body: { file_id: 'f1', etag: 'e', size: 10, expires_in: 0 },
    });
  });

  it('runs multipart init, complete and abort with snake_case bodies', async () => {
    const h = createHarness('apiKey');
    const api = createUrlUploadApi(h.client);
    h.reply(
      envelope({ file_id: 'f1', upload_id: 'u1', presigned_urls: [{ partNumber: 1, url: 'https://b/p1' }], content_type: 'video/mp4' }),
    );
    const init = await api.multipartInit({
      url: 'https://x.test/v.mp4',
      s3_config_id: 'c1',
      part_size: 5242880,
      total_size: 6000000,
      part_count: 2,
    });
    expect(init.presigned_urls[0]?.url).toBe('https://b/p1');
    expect(h.last()).toMatchObject({
      url: `${BASE}/api/url/multipart/init`,
      body: { part_size: 5242880, total_size: 6000000, part_count: 2 },
    });
    h.reply(envelope({ file_id: 'f1', status: 'completed' }));
    await api.multipartComplete({ file_id: 'f1', upload_id: 'u1', parts: [{ partNumber: 1, etag: '"e1"' }] });
    expect(h.last()).toMatchObject({
      url: `${BASE}/api/url/multipart/complete`,
      body: { file_id: 'f1', upload_id: 'u1', parts: [{ partNumber: 1, etag: '"e1"' }] },
    });
    h.reply(envelope({ file_id: 'f1', status: 'aborted', message: 'm' }));
    expect((await api.multipartAbort({ file_id: 'f1', upload_id: 'u1' })).status).toBe('aborted');
    expect(h.last()).toMatchObject({ url: `${BASE}/api/url/multipart/abort`, body: { file_id: 'f1', upload_id: 'u1' } });
  });

  it('cancels with POST /api/url/cancel and the file_id', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope({ file_id: 'f1', status: 'cancelled', message: 'm' }));
    expect((await createUrlUploadApi(h.client).cancel('f1')).status).toBe('cancelled');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/url/cancel`, body: { file_id: 'f1' } });
  });
});
