import { putToPresignedUrl, shareContextForEachTest, type ShareTestContext } from '../testing/file-share-helpers';

/**
 * The view limit a share commit stores (POST /api/s3/commit): what the request carried — null when
 * it sent none, the number when it sent one — answered as such by the commit, the public info, the
 * password check and the key owner's list and detail. A limit of 0 or null is no limit.
 */
describe('the view limit of a committed share', () => {
  let c: ShareTestContext;
  shareContextForEachTest('local', (context) => {
    c = context;
  });

  /** presign → PUT → commit as `headers`; returns the commit's `data`. */
  async function upload(headers: Record<string, string>, commitFields: Record<string, unknown>) {
    const content = 'limited bytes';
    const presigned = await c.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers,
      payload: { s3_config_id: c.config.id, filename: 'limited.txt', size: Buffer.byteLength(content) },
    });
    expect(presigned.statusCode).toBe(200);
    const data = presigned.json().data;
    expect((await putToPresignedUrl(data.upload_url, content, data.contentType)).status).toBe(200);
    const committed = await c.inject({
      method: 'POST',
      url: '/api/s3/commit',
      headers,
      payload: { file_id: data.file_id, ...commitFields },
    });
    expect(committed.statusCode).toBe(200);
    return committed.json().data as { id: string; slug: string; maxViews: number | null };
  }

  /** The `max_views` of the share on the four read endpoints (the verify counts one view). */
  async function limitsSeen(share: { id: string; slug: string }, headers: Record<string, string>) {
    const info = await c.inject({ method: 'GET', url: `/api/public/files/${share.slug}` });
    const verify = await c.inject({ method: 'POST', url: `/api/public/files/${share.slug}/verify`, payload: { password: 'pw' } });
    const list = await c.inject({ method: 'GET', url: '/api/user/files', headers });
    const detail = await c.inject({ method: 'GET', url: `/api/user/files/${share.id}`, headers });
    for (const response of [info, verify, list, detail]) expect(response.statusCode).toBe(200);
    const listed = (list.json().data.files as Array<{ id: string; max_views: unknown }>).find((file) => file.id === share.id);
    return {
      info: info.json().data.max_views,
      verify: verify.json().data.max_views,
      list: listed?.max_views,
      detail: detail.json().data.max_views,
    };
  }

  it('answers null on all five endpoints when the commit carried no max_views (password share made with an API key)', async () => {
    const key = await c.key({ name: 'uploader' });
    const share = await upload(key.headers, { password: 'pw' });
    expect(share.maxViews).toBeNull();
    expect(await limitsSeen(share, key.headers)).toEqual({ info: null, verify: null, list: null, detail: null });
    const [row] = await c.fileRows();
    expect(row?.max_views).toBeNull();
  });

  it('answers null when the commit sent max_views null or an empty string', async () => {
    expect((await upload(c.admin, { max_views: null })).maxViews).toBeNull();
    expect((await upload(c.admin, { max_views: '' })).maxViews).toBeNull();
  });

  it('answers a limit of 3 everywhere and refuses the fourth view with 410', async () => {
    const key = await c.key({ name: 'counted' });
    const share = await upload(key.headers, { password: 'pw', max_views: 3 });
    expect(share.maxViews).toBe(3);
    // The public info of a password share counts nothing; the verify counts view 1.
    expect(await limitsSeen(share, key.headers)).toEqual({ info: 3, verify: 3, list: 3, detail: 3 });
    const views: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const verified = await c.inject({ method: 'POST', url: `/api/public/files/${share.slug}/verify`, payload: { password: 'pw' } });
      expect(verified.statusCode).toBe(200);
      views.push(verified.json().data.views as number);
    }
    expect(views).toEqual([2, 3]);
    const fourth = await c.inject({ method: 'POST', url: `/api/public/files/${share.slug}/verify`, payload: { password: 'pw' } });
    expect(fourth.statusCode).toBe(410);
    expect(await c.fileRows()).toHaveLength(0);
  });

  it.each([
    ['0', 0],
    ['null', null],
  ])('treats a limit of %s as unlimited: it is answered as sent and every view succeeds', async (_label, limit) => {
    const share = await upload(c.admin, { max_views: limit });
    expect(share.maxViews).toBe(limit);
    for (let view = 1; view <= 5; view += 1) {
      const info = await c.inject({ method: 'GET', url: `/api/public/files/${share.slug}` });
      expect(info.statusCode).toBe(200);
      expect(info.json().data).toMatchObject({ views: view, max_views: limit });
    }
    const detail = await c.inject({ method: 'GET', url: `/api/admin/files/${share.id}`, headers: c.admin });
    expect(detail.json().data).toMatchObject({ views: 5, max_views: limit });
  });
});
