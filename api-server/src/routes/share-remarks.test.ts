import { SHARE_REMARK_MAX_LENGTH } from '@cloudclip/contract';
import { presignAndPut, shareContextForEachTest, type ShareTestContext } from '../testing/file-share-helpers';

/**
 * Issue 41, finding 6: file share remarks had no size cap — `POST /api/s3/commit` and
 * `PUT /api/user/files/{id}` stored a 512 KB remark (indexed for search, counted nowhere). Every
 * route that sets a file share's remark refuses one longer than the contract's
 * SHARE_REMARK_MAX_LENGTH with 400 and the same message, before it does any work.
 */
const TOO_LONG = 'r'.repeat(512 * 1024);
/** One character over: short enough for a query string. */
const ONE_OVER = 'r'.repeat(SHARE_REMARK_MAX_LENGTH + 1);
const MESSAGE = {
  'en-US': `The remark is too long: at most ${SHARE_REMARK_MAX_LENGTH} characters`,
  'zh-CN': `备注过长：最多 ${SHARE_REMARK_MAX_LENGTH} 个字符`,
};

describe('file share remarks', () => {
  let c: ShareTestContext;
  shareContextForEachTest('local', (context) => {
    c = context;
  });

  const english = (headers: Record<string, string>) => ({ ...headers, 'accept-language': 'en-US' });
  function expectRefused(response: { statusCode: number; json(): unknown }, language: keyof typeof MESSAGE = 'en-US') {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: MESSAGE[language], success: false, data: null });
  }

  /** presign → PUT of a pending share; returns its file_id. */
  async function pendingUpload(headers: Record<string, string>): Promise<string> {
    return (await presignAndPut(c, headers, 'a.txt', 'hello')).file_id;
  }

  it('refuses a 512 KB remark on s3/commit (zh-CN and en-US) and commits the upload with a remark that fits', async () => {
    const { headers } = await c.key();
    const fileId = await pendingUpload(headers);
    expectRefused(
      await c.inject({ method: 'POST', url: '/api/s3/commit', headers: english(headers), payload: { file_id: fileId, remark: TOO_LONG } }),
    );
    expectRefused(
      await c.inject({
        method: 'POST',
        url: '/api/s3/commit',
        headers: { ...headers, 'accept-language': 'zh-CN' },
        payload: { file_id: fileId, remark: ONE_OVER },
      }),
      'zh-CN',
    );
    const longest = 'r'.repeat(SHARE_REMARK_MAX_LENGTH);
    const committed = await c.inject({ method: 'POST', url: '/api/s3/commit', headers, payload: { file_id: fileId, remark: longest } });
    expect(committed.statusCode).toBe(200);
    expect((await c.fileRows())[0]?.remark).toBe(longest);
  });

  it('refuses a 512 KB remark on PUT /api/user/files/{id} and PUT /api/admin/files/{id}, keeping the stored one', async () => {
    const { headers } = await c.key();
    const fileId = await pendingUpload(headers);
    expect(
      (await c.inject({ method: 'POST', url: '/api/s3/commit', headers, payload: { file_id: fileId, remark: 'kept' } })).statusCode,
    ).toBe(200);
    expectRefused(
      await c.inject({ method: 'PUT', url: `/api/user/files/${fileId}`, headers: english(headers), payload: { remark: TOO_LONG } }),
    );
    expectRefused(
      await c.inject({ method: 'PUT', url: `/api/admin/files/${fileId}`, headers: english(c.admin), payload: { remark: TOO_LONG } }),
    );
    expect((await c.fileRows())[0]?.remark).toBe('kept');
    const edited = await c.inject({ method: 'PUT', url: `/api/user/files/${fileId}`, headers, payload: { remark: 'edited' } });
    expect(edited.statusCode).toBe(200);
    expect((await c.fileRows())[0]?.remark).toBe('edited');
  });

  it('refuses a long remark on upload-direct and the form upload before storing anything', async () => {
    const direct = await c.inject({
      method: 'PUT',
      url: `/api/upload-direct/a.txt?remark=${ONE_OVER}`,
      headers: english(c.admin),
      payload: 'hello',
    });
    expectRefused(direct);

    const boundary = 'cloudclip-remark';
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="remark"\r\n\r\n${'r'.repeat(20_000)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    );
    const formUpload = await c.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...english(c.admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expectRefused(formUpload);
    expect(await c.fileRows()).toEqual([]);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('refuses a long remark on URL import (presign, multipart init, commit) and fits its own default remark', async () => {
    const metadata = { filename: 'c.txt', contentType: 'text/plain', size: 5 };
    const source = 'https://example.invalid/c.txt';
    const headers = english(c.admin);
    expectRefused(
      await c.inject({
        method: 'POST',
        url: '/api/url/presign',
        headers,
        payload: { url: source, s3_config_id: c.config.id, metadata, remark: TOO_LONG },
      }),
    );
    expectRefused(
      await c.inject({
        method: 'POST',
        url: '/api/url/multipart/init',
        headers,
        payload: { url: source, s3_config_id: c.config.id, metadata, remark: TOO_LONG, total_size: 5 },
      }),
    );
    expect(await c.fileRows()).toEqual([]);

    // A long source address: the generated "Uploaded from URL: …" is cut to fit.
    const longSource = `https://example.invalid/${'p'.repeat(3000)}.txt`;
    const presigned = await c.inject({
      method: 'POST',
      url: '/api/url/presign',
      headers,
      payload: { url: longSource, s3_config_id: c.config.id, metadata },
    });
    expect(presigned.statusCode).toBe(200);
    const [pending] = await c.fileRows();
    expect(pending?.remark?.length).toBe(SHARE_REMARK_MAX_LENGTH);
    expect(pending?.remark?.startsWith('Uploaded from URL: https://example.invalid/ppp')).toBe(true);

    const { file_id: fileId } = presigned.json().data;
    expectRefused(await c.inject({ method: 'POST', url: '/api/url/commit', headers, payload: { file_id: fileId, remark: TOO_LONG } }));
  });
});
