import type { LightMyRequestResponse } from 'fastify';
import { createFsWorld, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { MAX_LOCK_OWNER_BYTES, MAX_LOCKS_PER_PRINCIPAL, MAX_LOCKS_PER_RESOURCE } from './dav-locks';
import { MAX_DEAD_PROPERTY_BYTES_PER_KEY, MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE } from './dav-properties';
import { isElement, MAX_XML_BODY_BYTES, parseXml, type XmlElement } from './dav-xml-parse';
import { MAX_PROPFIND_NAMES } from './dav-xml-requests';

/**
 * Issue 41, findings 1, 3 and 7, against the real app (Fastify inject, SQLite, the local driver):
 * small WebDAV bodies that used to become huge answers and stored values, WebDAV metadata that was
 * unbounded (lock owners, locks per resource and per key, dead properties per resource and per
 * key), and COPY/MOVE to another server's address.
 */

function basic(user: string, pass: string): Headers {
  return { authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` };
}

/** A namespace URI of 2,000 characters, as in the finding. */
const LONG_NS = `urn:x-${'n'.repeat(1994)}`;

function lockBody(scope: 'shared' | 'exclusive', ownerXml: string, declarations = ''): string {
  return (
    `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"${declarations}><D:lockscope><D:${scope}/></D:lockscope>` +
    `<D:locktype><D:write/></D:locktype><D:owner>${ownerXml}</D:owner></D:lockinfo>`
  );
}

/** A LOCK body whose owner holds `count` elements in LONG_NS (the shape of finding 1). */
function namespacedOwner(count: number): string {
  return lockBody('shared', '<L:e/>'.repeat(count), ` xmlns:L="${LONG_NS}"`);
}

/** A PROPPATCH setting these properties (name → inner XML) in urn:z, with LONG_NS bound to L on the root. */
function proppatchBody(values: Array<[string, string]>): string {
  const props = values.map(([name, inner]) => `<Z:${name}>${inner}</Z:${name}>`).join('');
  return `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z" xmlns:L="${LONG_NS}"><D:set><D:prop>${props}</D:prop></D:set></D:propertyupdate>`;
}

function statuses(body: string): string[] {
  return [...body.matchAll(/<D:status>([^<]*)<\/D:status>/g)].map((match) => match[1] ?? '');
}

describe('WebDAV limits (issue 41)', () => {
  let w: FsWorld;
  let admin: Headers;

  const dav = (method: string, url: string, headers: Headers = admin, payload?: string | Buffer): Promise<LightMyRequestResponse> =>
    w.dav(method, url, headers, payload);

  /** PROPFIND (depth 0) of /dav/docs/f.txt asking for the properties in `propXml`. */
  const propfindFile = (propXml: string) =>
    dav('PROPFIND', '/dav/docs/f.txt', { ...admin, depth: '0' }, `<D:propfind xmlns:D="DAV:"><D:prop>${propXml}</D:prop></D:propfind>`);

  /** Basic credentials of a new key with mount permission. */
  const keyCredentials = async (basicPath = '/'): Promise<Headers> => {
    const headers = await w.key({ basicPath, mount: true });
    const value = String(headers.authorization).replace(/^ApiKey\s+/i, '');
    return basic(value, value);
  };

  const ownersStored = async (): Promise<Array<string | null>> =>
    (await w.t.container.db.selectFrom('dav_locks').select('owner_xml').execute()).map((row) => row.owner_xml);

  beforeEach(async () => {
    w = await createFsWorld('local');
    admin = basic(TEST_ADMIN.username, TEST_ADMIN.password);
    await w.mount('/docs');
    await w.driver.putObject('f.txt', 'file', { contentType: 'text/plain' });
  });

  afterEach(async () => {
    await w.close();
  });

  describe('finding 1: namespaces are written once and sizes are capped while serialising', () => {
    it('stores and answers a LOCK owner of 200 elements in a 2,000-character namespace with the namespace once', async () => {
      const lock = await dav('LOCK', '/dav/docs/f.txt', admin, namespacedOwner(200));
      expect(lock.statusCode).toBe(200);
      // Before: 200 declarations of the namespace, ~400 KB in the answer and in the table.
      expect(lock.body.split(LONG_NS)).toHaveLength(2);
      expect(lock.rawPayload.length).toBeLessThan(MAX_LOCK_OWNER_BYTES + 1024);
      const [owner] = await ownersStored();
      expect(Buffer.byteLength(owner ?? '')).toBeLessThanOrEqual(MAX_LOCK_OWNER_BYTES);
      const discovery = await propfindFile('<D:lockdiscovery/>');
      expect(discovery.body.split(LONG_NS)).toHaveLength(2);
      expect(discovery.body.match(/<v0:e\/>/g)).toHaveLength(200);
    });

    it('refuses (413) the 5 KB LOCK whose owner of 500 elements used to come back as 1 MB, and stores nothing', async () => {
      const body = namespacedOwner(500);
      expect(Buffer.byteLength(body)).toBeLessThan(6 * 1024);
      const lock = await dav('LOCK', '/dav/docs/f.txt', admin, body);
      expect(lock.statusCode).toBe(413);
      expect(lock.rawPayload.length).toBeLessThan(1024);
      expect(await ownersStored()).toEqual([]);
      // A plain large owner too: the cap is on what is stored, whatever makes it large.
      const text = await dav('LOCK', '/dav/docs/f.txt', admin, lockBody('shared', 'o'.repeat(MAX_LOCK_OWNER_BYTES)));
      expect(text.statusCode).toBe(413);
      expect(await ownersStored()).toEqual([]);
    });

    it('stores the 38 KB PROPPATCH of that shape as ~38 KB (the namespace once) and answers its PROPFIND alike', async () => {
      const body = proppatchBody([['big', '<L:e/>'.repeat(6000)]]);
      expect(Buffer.byteLength(body)).toBeLessThan(40 * 1024);
      const patch = await dav('PROPPATCH', '/dav/docs/f.txt', admin, body);
      expect(patch.statusCode).toBe(207);
      // Before: serialised to ~12 MB (every element declaring the namespace), then refused with 507.
      expect(statuses(patch.body)).toEqual(['HTTP/1.1 200 OK']);
      const [row] = await w.t.container.db.selectFrom('dav_properties').select('value_xml').execute();
      expect(Buffer.byteLength(row?.value_xml ?? '')).toBeLessThan(Buffer.byteLength(body) + 8 * 1024);
      const read = await propfindFile('<Z:big xmlns:Z="urn:z"/>');
      expect(read.body.split(LONG_NS)).toHaveLength(2);
      expect(read.body.match(/<v0:e\/>/g)).toHaveLength(6000);
    });

    it('answers a 1 MiB PROPPATCH of that shape with 507 for every property, refused while serialising, storing nothing', async () => {
      // 94 properties of 1,000 elements each in the long namespace: ~1 MiB, just under the body limit
      // (before: ~2 MB per value, ~190 MB for the request, serialised before the 507).
      const values: Array<[string, string]> = Array.from({ length: 94 }, (_, i) => [`p${i}`, '<L:eeeeee/>'.repeat(1000)]);
      const body = proppatchBody(values);
      expect(Buffer.byteLength(body)).toBeGreaterThan(0.98 * MAX_XML_BODY_BYTES);
      expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_XML_BODY_BYTES);
      const patch = await dav('PROPPATCH', '/dav/docs/f.txt', admin, body);
      expect(patch.statusCode).toBe(207);
      expect(statuses(patch.body)).toEqual(['HTTP/1.1 507 Insufficient Storage']);
      // Every property named, the namespace of their names written once.
      expect(patch.body.match(/<n0:p\d+\/>/g)).toHaveLength(94);
      expect(patch.body.split('urn:z')).toHaveLength(2);
      expect(patch.rawPayload.length).toBeLessThan(8 * 1024);
      expect(await w.t.container.db.selectFrom('dav_properties').selectAll().execute()).toEqual([]);
    });
  });

  describe('the rest of the XML path', () => {
    it(`refuses a PROPFIND naming more than ${MAX_PROPFIND_NAMES} properties, which every member of a Depth 1 answer repeats`, async () => {
      const propfind = (count: number): string =>
        `<D:propfind xmlns:D="DAV:" xmlns:Z="urn:z"><D:prop>${Array.from({ length: count }, (_, i) => `<Z:p${i}/>`).join('')}</D:prop></D:propfind>`;
      const fine = await dav('PROPFIND', '/dav/docs/', { ...admin, depth: '1' }, propfind(MAX_PROPFIND_NAMES));
      expect(fine.statusCode).toBe(207);
      const tooMany = await dav('PROPFIND', '/dav/docs/', { ...admin, depth: '1' }, propfind(MAX_PROPFIND_NAMES + 1));
      expect(tooMany.statusCode).toBe(400);
    });

    it('still answers owners and values stored before content tails (self-contained content)', async () => {
      const now = new Date(w.now.value.getTime() + 3_600_000).toISOString();
      await w.t.container.db
        .insertInto('dav_locks')
        .values({
          token: 'opaquelocktoken:00000000-0000-4000-8000-000000000000',
          root: '/docs/f.txt',
          depth: '0',
          scope: 'shared',
          owner_xml: '<href xmlns="DAV:">old owner</href>',
          principal: 'admin:old',
          timeout_seconds: 3600,
          created_at: w.now.value.toISOString(),
          expires_at: now,
        })
        .execute();
      await w.t.container.db
        .insertInto('dav_properties')
        .values({ path: '/docs/f.txt', ns: 'urn:z', local: 'old', value_xml: '<a xmlns="urn:a">old value</a>', updated_at: now })
        .execute();
      const read = await propfindFile('<D:lockdiscovery/><Z:old xmlns:Z="urn:z"/>');
      const found: XmlElement[] = [];
      const walk = (element: XmlElement): void => {
        found.push(element);
        element.children.filter(isElement).forEach(walk);
      };
      walk(parseXml(read.body));
      const owner = found.find((element) => element.local === 'owner');
      expect(owner?.children[0]).toMatchObject({ ns: 'DAV:', local: 'href', children: [{ text: 'old owner' }] });
      const old = found.find((element) => element.local === 'old');
      expect(old?.children[0]).toMatchObject({ ns: 'urn:a', local: 'a', children: [{ text: 'old value' }] });
    });
  });

  describe('finding 3: WebDAV metadata is capped', () => {
    it('refuses twelve shared locks with 512 KB owners, and caps the locks of one resource', async () => {
      const bigOwner = lockBody('shared', 'o'.repeat(512 * 1024));
      for (let i = 0; i < 12; i += 1) expect((await dav('LOCK', '/dav/docs/f.txt', admin, bigOwner)).statusCode).toBe(413);
      expect(await ownersStored()).toEqual([]);

      const key = await keyCredentials();
      for (let i = 0; i < MAX_LOCKS_PER_RESOURCE; i += 1) {
        const who = i % 2 === 0 ? admin : key;
        expect((await dav('LOCK', '/dav/docs/f.txt', who, lockBody('shared', `client ${i}`))).statusCode).toBe(200);
      }
      const over = await dav('LOCK', '/dav/docs/f.txt', key, lockBody('shared', 'one more'));
      expect(over.statusCode).toBe(507);
      expect(over.body).toContain(String(MAX_LOCKS_PER_RESOURCE));
      expect(await ownersStored()).toHaveLength(MAX_LOCKS_PER_RESOURCE);
      const discovery = await dav('PROPFIND', '/dav/docs/f.txt', { ...admin, depth: '0' });
      expect(discovery.rawPayload.length).toBeLessThan(MAX_LOCKS_PER_RESOURCE * (MAX_LOCK_OWNER_BYTES + 512) + 4096);
    });

    it(`caps the locks one key holds at ${MAX_LOCKS_PER_PRINCIPAL}; the admin and other keys still lock`, async () => {
      const key = await keyCredentials();
      expect((await dav('MKCOL', '/dav/docs/many/')).statusCode).toBe(201);
      // Locking an unmapped name creates the (empty) file: one LOCK per file.
      for (let i = 0; i < MAX_LOCKS_PER_PRINCIPAL; i += 1) {
        expect((await dav('LOCK', `/dav/docs/many/${i}.txt`, key, lockBody('exclusive', 'k'))).statusCode).toBe(201);
      }
      const over = await dav('LOCK', '/dav/docs/many/over.txt', key, lockBody('exclusive', 'k'));
      expect(over.statusCode).toBe(507);
      expect((await dav('GET', '/dav/docs/many/over.txt')).statusCode).toBe(404);
      expect((await dav('LOCK', '/dav/docs/many/admin.txt', admin, lockBody('exclusive', 'a'))).statusCode).toBe(201);
      const other = await keyCredentials();
      expect((await dav('LOCK', '/dav/docs/many/other.txt', other, lockBody('exclusive', 'o'))).statusCode).toBe(201);
    });

    it('caps the dead properties of one resource in bytes, writing nothing of a PROPPATCH over it', async () => {
      const half = (prefix: string): Array<[string, string]> =>
        Array.from({ length: 10 }, (_, i) => [`${prefix}${i}`, 'v'.repeat(Math.ceil(MAX_DEAD_PROPERTY_BYTES_PER_RESOURCE / 20) + 100)]);
      const first = await dav('PROPPATCH', '/dav/docs/f.txt', admin, proppatchBody(half('a')));
      expect(statuses(first.body)).toEqual(['HTTP/1.1 200 OK']);
      // Before: 200 properties of 64 KB (12.8 MB) per resource were kept.
      const second = await dav('PROPPATCH', '/dav/docs/f.txt', admin, proppatchBody(half('b')));
      expect(statuses(second.body)).toEqual(['HTTP/1.1 507 Insufficient Storage']);
      const rows = await w.t.container.db.selectFrom('dav_properties').select('local').execute();
      expect(rows.map((row) => row.local).sort()).toEqual(
        half('a')
          .map(([name]) => name)
          .sort(),
      );
    });

    it(`caps the dead properties one key keeps at ${MAX_DEAD_PROPERTY_BYTES_PER_KEY} bytes, also through COPY; another key is not affected`, async () => {
      // The storage's quota is 1 MB, as in the finding: dead properties live in the database and have their own cap.
      await w.t.container.db
        .updateTable('storage_configs')
        .set({ total_storage_bytes: 1024 * 1024 })
        .where('id', '=', w.configId)
        .execute();
      const key = await keyCredentials();
      const values: Array<[string, string]> = Array.from({ length: 16 }, (_, i) => [`p${i}`, 'v'.repeat(60_000)]);
      const body = proppatchBody(values);
      const perFile = 16 * (60_001 + 'urn:z'.length + 3);
      const fitting = Math.floor(MAX_DEAD_PROPERTY_BYTES_PER_KEY / perFile);
      for (let i = 0; i < fitting; i += 1) {
        expect((await dav('PUT', `/dav/docs/k${i}.txt`, key, '')).statusCode).toBe(201);
        expect(statuses((await dav('PROPPATCH', `/dav/docs/k${i}.txt`, key, body)).body)).toEqual(['HTTP/1.1 200 OK']);
      }
      expect((await dav('PUT', '/dav/docs/over.txt', key, '')).statusCode).toBe(201);
      // Before: accepted (8.3 MB and more on a 1 MB storage, counted nowhere).
      expect(statuses((await dav('PROPPATCH', '/dav/docs/over.txt', key, body)).body)).toEqual(['HTTP/1.1 507 Insufficient Storage']);
      const copy = await dav('COPY', '/dav/docs/k0.txt', { ...key, destination: '/dav/docs/copied.txt' });
      expect(copy.statusCode).toBe(507);
      expect((await dav('GET', '/dav/docs/copied.txt')).statusCode).toBe(404);
      const stored = await w.t.container.db
        .selectFrom('dav_properties')
        .select((eb) => eb.fn.sum<number>('stored_bytes').as('bytes'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.bytes)).toBeLessThanOrEqual(MAX_DEAD_PROPERTY_BYTES_PER_KEY);
      const other = await keyCredentials();
      expect(statuses((await dav('PROPPATCH', '/dav/docs/over.txt', other, body)).body)).toEqual(['HTTP/1.1 200 OK']);
    });
  });

  describe('finding 7: COPY and MOVE to another server', () => {
    it('answers 502 for a Destination on another origin and writes nothing; same origin and relative still work', async () => {
      for (const method of ['COPY', 'MOVE']) {
        for (const destination of [
          'http://elsewhere.invalid/dav/docs/stolen.txt',
          'https://localhost/dav/docs/stolen.txt',
          'http://localhost:8080/dav/docs/stolen.txt',
        ]) {
          const response = await dav(method, '/dav/docs/f.txt', { ...admin, destination });
          expect([method, destination, response.statusCode]).toEqual([method, destination, 502]);
        }
      }
      expect(await w.driver.headObject('stolen.txt')).toBeNull();
      expect((await dav('GET', '/dav/docs/f.txt')).body).toBe('file');
      // Inject's Host is localhost:80: the same origin however it is written.
      expect((await dav('COPY', '/dav/docs/f.txt', { ...admin, destination: 'http://localhost:80/dav/docs/a.txt' })).statusCode).toBe(201);
      expect((await dav('COPY', '/dav/docs/f.txt', { ...admin, destination: 'HTTP://LocalHost/dav/docs/b.txt' })).statusCode).toBe(201);
      expect((await dav('MOVE', '/dav/docs/b.txt', { ...admin, destination: '/dav/docs/c.txt' })).statusCode).toBe(201);
      expect((await dav('GET', '/dav/docs/c.txt')).body).toBe('file');
      expect((await dav('COPY', '/dav/docs/f.txt', { ...admin, destination: 'http://[::1/dav/docs/d.txt' })).statusCode).toBe(400);
    });
  });
});

describe('WebDAV COPY behind a trusted proxy (issue 41, finding 7)', () => {
  let t: TestApp;
  let admin: Headers;

  beforeEach(async () => {
    t = await createTestApp({ trustProxy: true });
    const token = bearer(await loginAsAdmin(t.app));
    const [local] = await t.container.repositories.storageConfigs.listByAdmin(
      (await t.container.repositories.admins.findByUsername(TEST_ADMIN.username))?.id ?? '',
    );
    const mount = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mounts',
      headers: token,
      payload: { name: 'docs', storage_type: 'S3', storage_config_id: local?.id, mount_path: '/docs' },
    });
    expect(mount.statusCode).toBe(200);
    admin = { ...basic(TEST_ADMIN.username, TEST_ADMIN.password), 'x-forwarded-proto': 'https', 'x-forwarded-host': 'clip.example.com' };
    expect((await t.app.inject({ method: 'PUT', url: '/dav/docs/f.txt', headers: admin, payload: 'file' })).statusCode).toBe(201);
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  it('compares the Destination with the forwarded origin', async () => {
    const copy = (destination: string) =>
      t.app.inject({ method: 'COPY' as 'GET', url: '/dav/docs/f.txt', headers: { ...admin, destination } });
    expect((await copy('https://clip.example.com/dav/docs/a.txt')).statusCode).toBe(201);
    expect((await copy('https://clip.example.com:443/dav/docs/b.txt')).statusCode).toBe(201);
    expect((await copy('http://clip.example.com/dav/docs/c.txt')).statusCode).toBe(502);
    expect((await copy('http://localhost/dav/docs/d.txt')).statusCode).toBe(502);
  });
});
