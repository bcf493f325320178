import {
  PASTE_ENCRYPTION_V1,
  PASTE_TAG_MAX_LENGTH,
  PASTE_TAGS_MAX,
  SERVER_FEATURE_PASTE_TAGS,
  SETTING_ALLOW_GUEST_PASTES,
  type PasteTagCount,
} from '@cloudclip/contract';
import type { InjectOptions } from 'fastify';
import type { ApiKeyRow } from '../db/schema';
import { toIso } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { pasteEnvelope } from '../testing/paste-fixtures';
import { adminTestAppForEachTest, apiKeyHeader } from '../testing/test-app';

type Headers = Record<string, string>;

interface Created {
  id: string;
  slug: string;
}

const ENVELOPE = pasteEnvelope(32);

describe('paste tags (contract rules/paste-tags.ts)', () => {
  const env = adminTestAppForEachTest('2026-03-01T08:00:00.000Z');
  let alice: ApiKeyRow;
  let bob: ApiKeyRow;

  beforeEach(async () => {
    const expiresAt = '2099-01-01T00:00:00.000Z';
    alice = await seedApiKey(env.t.container.repositories.apiKeys, { name: 'alice', text: true, expiresAt });
    bob = await seedApiKey(env.t.container.repositories.apiKeys, { name: 'bob', text: true, expiresAt });
  });

  const as = (key: ApiKeyRow): Headers => apiKeyHeader(key.key);
  const inject = (options: InjectOptions) => env.t.app.inject(options);
  const post = (payload: Record<string, unknown>, headers: Headers = env.admin) => {
    // Each paste one second after the last: "newest first" is the order of creation.
    env.now = new Date(env.now.getTime() + 1000);
    return inject({ method: 'POST', url: '/api/paste', payload, headers });
  };
  const create = async (payload: Record<string, unknown>, headers: Headers = env.admin): Promise<Created> => {
    const response = await post(payload, headers);
    expect(response.statusCode).toBe(200);
    return response.json() as Created;
  };
  const put = (slug: string, payload: Record<string, unknown>, headers: Headers = env.admin, area: 'admin' | 'user' = 'admin') => {
    env.now = new Date(env.now.getTime() + 1000);
    return inject({ method: 'PUT', url: `/api/${area}/pastes/${slug}`, payload, headers });
  };
  const data = async <T>(url: string, headers: Headers = env.admin): Promise<T> => {
    const response = await inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const adminTags = (id: string) => data<{ tags?: string[] }>(`/api/admin/pastes/${id}`).then((detail) => detail.tags);
  const tagCounts = (headers: Headers = env.admin, area: 'admin' | 'user' = 'admin') =>
    data<PasteTagCount[]>(`/api/${area}/paste-tags`, headers);
  const adminList = async (query: string) => {
    const response = await inject({ method: 'GET', url: `/api/admin/pastes?${query}`, headers: env.admin });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: Array<{ slug: string; tags?: string[] }>; pagination: { total: number; totalPages: number } };
  };
  const userList = async (query: string, key: ApiKeyRow) => {
    const response = await inject({ method: 'GET', url: `/api/user/pastes?${query}`, headers: as(key) });
    expect(response.statusCode).toBe(200);
    return response.json() as { data: Array<{ slug: string; tags?: string[] }>; pagination: { total: number; hasMore: boolean } };
  };
  const pasteCount = () => env.t.container.repositories.pastes.count();

  it('lists paste-tags in the features of GET /api/version', async () => {
    const version = await data<{ features: string[] }>('/api/version', {});
    expect(version.features).toContain(SERVER_FEATURE_PASTE_TAGS);
  });

  describe('writing tags', () => {
    it('stores the tags sent on create, normalised, without case-insensitive duplicates, in the order given', async () => {
      const created = await create({ content: 'tagged', tags: ['  Work   Notes ', 'zeta', 'work notes', '工作', 'ZETA', 'alpha'] });
      expect(await adminTags(created.id)).toEqual(['Work Notes', 'zeta', '工作', 'alpha']);
      const untagged = await create({ content: 'no tags' });
      expect(await adminTags(untagged.id)).toEqual([]);
      const empty = await create({ content: 'empty list', tags: [] });
      expect(await adminTags(empty.id)).toEqual([]);
    });

    it('accepts tags from key holders, from guests and on end-to-end encrypted pastes', async () => {
      const ofKey = await create({ content: 'by a key', tags: ['key-tag'] }, as(alice));
      expect((await data<{ tags: string[] }>(`/api/user/pastes/${ofKey.id}`, as(alice))).tags).toEqual(['key-tag']);

      await env.t.container.repositories.systemSettings.upsert({
        key: SETTING_ALLOW_GUEST_PASTES,
        value: 'true',
        description: null,
        updated_at: toIso(env.now),
      });
      const ofGuest = await create({ content: 'by a guest', tags: ['guest-tag'] }, {});
      expect(await adminTags(ofGuest.id)).toEqual(['guest-tag']);

      const encrypted = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1, tags: ['Secret Stuff'] });
      expect(await adminTags(encrypted.id)).toEqual(['Secret Stuff']);
    });

    it('keeps the tags when an update omits them, replaces them with a list and removes them with []', async () => {
      const created = await create({ content: 'v1', tags: ['one', 'two'] });
      expect((await put(created.slug, { content: 'v2', remark: 'edited' })).statusCode).toBe(200);
      expect(await adminTags(created.id)).toEqual(['one', 'two']);

      expect((await put(created.slug, { content: 'v3', tags: ['Three', 'one', 'THREE'] })).statusCode).toBe(200);
      expect(await adminTags(created.id)).toEqual(['Three', 'one']);

      // A new slug in the same update keeps the tags with the paste.
      const renamed = await put(created.slug, { content: 'v4', newSlug: 'renamed-tags', tags: ['moved'] });
      expect(renamed.json()).toMatchObject({ data: { id: created.id, slug: 'renamed-tags' } });
      expect(await adminTags(created.id)).toEqual(['moved']);

      expect((await put('renamed-tags', { content: 'v5', tags: [] })).statusCode).toBe(200);
      expect(await adminTags(created.id)).toEqual([]);
    });

    it('lets a key holder change the tags of its own pastes only', async () => {
      const own = await create({ content: 'alice', tags: ['a'] }, as(alice));
      const other = await create({ content: 'bob', tags: ['b'] }, as(bob));
      expect((await put(own.slug, { content: 'alice 2', tags: ['a2'] }, as(alice), 'user')).statusCode).toBe(200);
      expect((await data<{ tags: string[] }>(`/api/user/pastes/${own.id}`, as(alice))).tags).toEqual(['a2']);
      expect((await put(other.slug, { content: 'taken over', tags: ['stolen'] }, as(alice), 'user')).statusCode).toBe(404);
      expect(await adminTags(other.id)).toEqual(['b']);
    });

    const refused: Array<[label: string, tags: unknown, en: string, zh: string]> = [
      ['not a list', 'work', 'Tags (tags) must be a list of texts', '标签（tags）必须是一组文本'],
      ['null', null, 'Tags (tags) must be a list of texts', '标签（tags）必须是一组文本'],
      ['a number in the list', ['ok', 7], 'Every tag must be a text', '每个标签都必须是文本'],
      ['a blank tag', ['ok', '   '], 'A tag cannot be empty', '标签不能为空'],
      [
        'a tag too long',
        ['x'.repeat(PASTE_TAG_MAX_LENGTH + 1)],
        `A tag can be at most ${PASTE_TAG_MAX_LENGTH} characters long`,
        `每个标签最多 ${PASTE_TAG_MAX_LENGTH} 个字符`,
      ],
      ['a comma', ['a,b'], 'A tag cannot contain commas or control characters', '标签不能包含逗号或控制字符'],
      ['a control character', ['bell\u0007'], 'A tag cannot contain commas or control characters', '标签不能包含逗号或控制字符'],
      [
        'too many tags',
        Array.from({ length: PASTE_TAGS_MAX + 1 }, (_, index) => `t${index}`),
        `A text share can have at most ${PASTE_TAGS_MAX} tags`,
        `一条文本分享最多只能有 ${PASTE_TAGS_MAX} 个标签`,
      ],
    ];

    it.each(refused)('refuses %s with 400 and a message in the caller’s language, storing nothing', async (_label, tags, en, zh) => {
      const existing = await create({ content: 'before', tags: ['kept'] });
      const before = await pasteCount();
      for (const [language, text] of [
        ['en-US', en],
        ['zh-CN', zh],
      ] as const) {
        const created = await inject({
          method: 'POST',
          url: '/api/paste',
          headers: { ...env.admin, 'accept-language': language },
          payload: { content: 'x', tags },
        });
        expect({ status: created.statusCode, body: created.json() as unknown }).toEqual({
          status: 400,
          body: { code: 400, message: text, success: false, data: null },
        });
        const updated = await inject({
          method: 'PUT',
          url: `/api/admin/pastes/${existing.slug}`,
          headers: { ...env.admin, 'accept-language': language },
          payload: { content: 'changed', tags },
        });
        expect({ status: updated.statusCode, message: (updated.json() as { message: string }).message }).toEqual({
          status: 400,
          message: text,
        });
      }
      expect(await pasteCount()).toBe(before);
      expect(await adminTags(existing.id)).toEqual(['kept']);
      expect(await env.t.container.repositories.pastes.contentOf(existing.id)).toBe('before');
    });

    it('still accepts the most tags allowed, each of the longest length', async () => {
      const tags = Array.from({ length: PASTE_TAGS_MAX }, (_, index) => `${index}`.padStart(PASTE_TAG_MAX_LENGTH, '标'));
      const created = await create({ content: 'full', tags });
      expect(await adminTags(created.id)).toEqual(tags);
    });
  });

  describe('reading tags', () => {
    it('puts tags ([] when none) on the rows of both lists and on both details, never on the public views', async () => {
      const tagged = await create({ content: 'public text', tags: ['Private Label'], password: 'pw' }, as(alice));
      const plain = await create({ content: 'untagged' }, as(alice));

      const admin = await adminList('');
      expect(admin.data.map((row) => [row.slug, row.tags])).toEqual([
        [plain.slug, []],
        [tagged.slug, ['Private Label']],
      ]);
      const user = await userList('', alice);
      expect(user.data.map((row) => [row.slug, row.tags])).toEqual([
        [plain.slug, []],
        [tagged.slug, ['Private Label']],
      ]);
      expect((await data<{ tags: string[] }>(`/api/admin/pastes/${plain.id}`)).tags).toEqual([]);
      expect((await data<{ tags: string[] }>(`/api/user/pastes/${tagged.id}`, as(alice))).tags).toEqual(['Private Label']);

      const views = [
        await inject({ method: 'GET', url: `/api/paste/${tagged.slug}` }),
        await inject({ method: 'POST', url: `/api/paste/${tagged.slug}`, payload: { password: 'pw' } }),
        await inject({ method: 'GET', url: `/api/paste/${plain.slug}` }),
        await inject({ method: 'GET', url: `/api/raw/${tagged.slug}?password=pw` }),
      ];
      expect(views.map((view) => view.statusCode)).toEqual([200, 200, 200, 200]);
      for (const view of views) {
        expect(view.body).not.toContain('Private Label');
        expect(view.body).not.toContain('"tags"');
      }
      // Nor on the answer of the create.
      expect(JSON.stringify(await create({ content: 'c', tags: ['quiet'] }))).not.toContain('quiet');
    });

    it('filters the admin list by tag case-insensitively, with q, created_by and paging, and counts only the filtered rows', async () => {
      for (let index = 0; index < 5; index += 1)
        await create({ content: `weekly report ${index}`, slug: `work-${index}`, tags: [index % 2 ? 'Work' : 'WORK'] });
      await create({ content: 'weekly report, other tag', slug: 'home-report', tags: ['home'] });
      await create({ content: 'monthly summary', slug: 'work-summary', tags: ['work', 'home'] });
      await create({ content: 'weekly report of a key', slug: 'key-work', tags: ['Work'] }, as(alice));

      const all = await adminList('tag=wOrK');
      expect(all.data.map((row) => row.slug)).toEqual(['key-work', 'work-summary', 'work-4', 'work-3', 'work-2', 'work-1', 'work-0']);
      expect(all.pagination).toMatchObject({ total: 7, totalPages: 1 });

      const page = await adminList('tag=work&q=weekly%20report&page=2&limit=2');
      expect(page.data.map((row) => row.slug)).toEqual(['work-3', 'work-2']);
      expect(page.pagination).toMatchObject({ total: 6, totalPages: 3 });

      const ofKey = await adminList(`tag=work&created_by=apikey:${alice.id}`);
      expect(ofKey.data.map((row) => row.slug)).toEqual(['key-work']);
      expect(ofKey.pagination.total).toBe(1);

      // Spaces around and inside are normalised like a stored tag; a blank tag is no filter.
      expect((await adminList('tag=%20HOME%20')).data.map((row) => row.slug)).toEqual(['work-summary', 'home-report']);
      expect((await adminList('tag=%20%20')).pagination.total).toBe(8);
      expect((await adminList('tag=nothing')).pagination).toMatchObject({ total: 0, totalPages: 0 });
    });

    it('lets a key holder filter and count only its own pastes', async () => {
      await create({ content: 'a1', slug: 'alice-1', tags: ['Shared', 'alice-only'] }, as(alice));
      await create({ content: 'a2', slug: 'alice-2', tags: ['shared'] }, as(alice));
      await create({ content: 'a3', slug: 'alice-3' }, as(alice));
      await create({ content: 'b1', slug: 'bob-1', tags: ['SHARED', 'bob-only'] }, as(bob));
      await create({ content: 'admin', slug: 'admin-1', tags: ['shared', 'admin-only'] });

      const filtered = await userList('tag=SHARED&limit=1', alice);
      expect(filtered.data.map((row) => row.slug)).toEqual(['alice-2']);
      expect(filtered.pagination).toMatchObject({ total: 2, hasMore: true });
      expect((await userList('tag=shared&q=a1', alice)).data.map((row) => row.slug)).toEqual(['alice-1']);
      expect((await userList('tag=bob-only', alice)).pagination.total).toBe(0);

      expect(await tagCounts(as(alice), 'user')).toEqual([
        { tag: 'shared', count: 2 },
        { tag: 'alice-only', count: 1 },
      ]);
      expect(await tagCounts(as(bob), 'user')).toEqual([
        { tag: 'bob-only', count: 1 },
        { tag: 'SHARED', count: 1 },
      ]);
      // An admin owns no key rows: the user tags are empty, as the user list is.
      expect(await tagCounts(env.admin, 'user')).toEqual([]);
    });

    it('answers GET /api/admin/paste-tags with an E envelope: every tag, most used first, then by tag, the newest spelling', async () => {
      await create({ content: 'p1', tags: ['beta', 'Work'] });
      await create({ content: 'p2', tags: ['alpha', 'work'] }, as(alice));
      await create({ content: 'p3', tags: ['WORK', 'Beta'] }, as(bob));
      await create({ content: 'p4', tags: ['gamma'] });

      const response = await inject({ method: 'GET', url: '/api/admin/paste-tags', headers: { ...env.admin, 'accept-language': 'en-US' } });
      expect(response.json()).toEqual({
        code: 200,
        message: 'Tags retrieved',
        success: true,
        data: [
          { tag: 'WORK', count: 3 },
          { tag: 'Beta', count: 2 },
          { tag: 'alpha', count: 1 },
          { tag: 'gamma', count: 1 },
        ],
      });
      const none = await inject({ method: 'GET', url: '/api/user/paste-tags', headers: as(alice) });
      expect(none.json()).toMatchObject({
        code: 200,
        success: true,
        data: [
          { tag: 'alpha', count: 1 },
          { tag: 'work', count: 1 },
        ],
      });
    });
  });

  describe('tags go with their paste', () => {
    it('drops them on delete, batch delete (admin and key), burn and clearing expired pastes', async () => {
      const deleted = await create({ content: 'd', tags: ['deleted'] });
      const batch = await create({ content: 'b', tags: ['batch'] });
      const ofKey = await create({ content: 'k', tags: ['by-key'] }, as(alice));
      const burned = await create({ content: 'burn', burnAfterReading: true, tags: ['burned'] });
      const expiring = await create({ content: 'e', expiresAt: '2026-03-01T09:00:00.000Z', tags: ['expired'] });
      await create({ content: 'kept', tags: ['kept'] });
      expect((await tagCounts()).map((count) => count.tag).sort()).toEqual(['batch', 'burned', 'by-key', 'deleted', 'expired', 'kept']);

      expect((await inject({ method: 'DELETE', url: `/api/admin/pastes/${deleted.id}`, headers: env.admin })).statusCode).toBe(200);
      const batchDelete = await inject({
        method: 'POST',
        url: '/api/admin/pastes/batch-delete',
        headers: env.admin,
        payload: { ids: [batch.id] },
      });
      expect(batchDelete.statusCode).toBe(200);
      const keyDelete = await inject({
        method: 'POST',
        url: '/api/user/pastes/batch-delete',
        headers: as(alice),
        payload: { ids: [ofKey.id] },
      });
      expect(keyDelete.statusCode).toBe(200);
      expect((await inject({ method: 'GET', url: `/api/paste/${burned.slug}` })).json()).toMatchObject({ burned: true });
      // Expired pastes stay listed (and counted) until they are cleared, as the lists show them.
      env.now = new Date('2026-03-01T10:00:00.000Z');
      expect((await tagCounts()).map((count) => count.tag).sort()).toEqual(['expired', 'kept']);
      expect((await inject({ method: 'POST', url: '/api/admin/pastes/clear-expired', headers: env.admin, payload: {} })).statusCode).toBe(
        200,
      );

      expect(await tagCounts()).toEqual([{ tag: 'kept', count: 1 }]);
      expect((await inject({ method: 'GET', url: `/api/admin/pastes/${expiring.id}`, headers: env.admin })).statusCode).toBe(404);
      const rows = await env.t.container.db.selectFrom('paste_tags').select('tag').execute();
      expect(rows).toEqual([{ tag: 'kept' }]);
    });
  });
});
