import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sha256Hex, verifyPassword } from '../../lib/password-hash';
import { SecretBox } from '../../lib/secret-box';
import {
  buildCloudPaste06,
  buildCloudPaste1x,
  cloudPasteEncrypt,
  FIXTURE_ACCESS_KEY,
  FIXTURE_ADMIN_ID,
  FIXTURE_KEY_ID,
  FIXTURE_S3_ID,
  FIXTURE_SECRET_KEY,
} from './fixtures/build-cloudpaste-06';
import { mapToCloudclip, summariseReport } from './map-to-cloudclip';
import { CloudPasteImportError, decodeCloudPasteSecret, readCloudPaste } from './read-cloudpaste';

const OUR_ADMIN = 'our-admin';
const NOW = new Date('2026-01-01T00:00:00.000Z');

describe('CloudPaste 0.6 import', () => {
  let dir: string;
  let dbFile: string;
  const box = new SecretBox('test-app-secret');

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-cloudpaste-'));
    dbFile = path.join(dir, 'cloudpaste.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('decodeCloudPasteSecret', () => {
    it('gives the value back with the right secret and refuses a wrong one', () => {
      const stored = cloudPasteEncrypt('AKIA1', 'default-encryption-key');
      expect(decodeCloudPasteSecret(stored, 'default-encryption-key')).toEqual({ ok: true, value: 'AKIA1' });
      expect(decodeCloudPasteSecret(stored, 'other')).toEqual({ ok: false, problem: 'wrong-secret' });
      expect(decodeCloudPasteSecret('plain-value', 'x')).toEqual({ ok: true, value: 'plain-value' });
      expect(decodeCloudPasteSecret('encrypted:only-two', 'x')).toEqual({ ok: false, problem: 'malformed' });
    });
  });

  describe('readCloudPaste', () => {
    it('reads every kind of record of a 0.6 database, decrypting the S3 keys with the default secret', () => {
      buildCloudPaste06(dbFile);
      const data = readCloudPaste(dbFile);
      expect(data.schemaVersion).toBe(7);
      expect(data.pastes.map((p) => p.slug)).toEqual(['hello', 'secret-note', 'limited', 'hash-only', 'bad slug!']);
      const secret = data.pastes.find((p) => p.slug === 'secret-note');
      expect(secret).toMatchObject({ passwordHash: sha256Hex('open sesame'), plainPassword: 'open sesame' });
      expect(data.pastes.find((p) => p.slug === 'limited')).toMatchObject({
        maxViews: 3,
        views: 1,
        expiresAt: '2031-01-01T00:00:00.000Z',
        createdBy: `apikey:${FIXTURE_KEY_ID}`,
      });
      expect(data.files).toHaveLength(3);
      expect(data.files.find((f) => f.slug === 'report')).toMatchObject({
        plainPassword: 'pdfpass',
        useProxy: false,
        maxViews: 5,
        size: 999,
      });
      expect(data.apiKeys).toEqual([
        expect.objectContaining({
          id: FIXTURE_KEY_ID,
          key: 'abcDEF123456',
          textPermission: true,
          filePermission: true,
          mountPermission: false,
          basicPath: '/photos',
        }),
        expect.objectContaining({ id: 'k2', textPermission: true, filePermission: false, basicPath: '/' }),
      ]);
      expect(data.s3Configs).toEqual([
        expect.objectContaining({
          id: FIXTURE_S3_ID,
          accessKeyId: { ok: true, value: FIXTURE_ACCESS_KEY },
          secretAccessKey: { ok: true, value: FIXTURE_SECRET_KEY },
          isDefault: true,
          signatureExpiresIn: 1800,
        }),
      ]);
      expect(data.mounts.map((m) => m.mountPath)).toEqual(['/dav', '/photos']);
      expect(data.settings.find((s) => s.key === 'max_upload_size')?.value).toBe('250');
    });

    it('reports S3 keys encrypted with another secret as a wrong secret', () => {
      buildCloudPaste06(dbFile, { secret: 'my-own-secret' });
      expect(readCloudPaste(dbFile).s3Configs[0]?.accessKeyId).toEqual({ ok: false, problem: 'wrong-secret' });
      expect(readCloudPaste(dbFile, { secret: 'my-own-secret' }).s3Configs[0]?.accessKeyId).toEqual({
        ok: true,
        value: FIXTURE_ACCESS_KEY,
      });
    });

    it('refuses a CloudPaste 1.x database with one line', () => {
      buildCloudPaste1x(dbFile);
      expect(() => readCloudPaste(dbFile)).toThrow(CloudPasteImportError);
      expect(() => readCloudPaste(dbFile)).toThrow(/CloudPaste 1\.x database.*only CloudPaste 0\.6\.x is supported$/);
    });

    it('refuses a file that is not a SQLite database, and a SQLite database that is not CloudPaste', () => {
      const text = path.join(dir, 'notes.txt');
      writeFileSync(text, 'hello, not a database\n');
      expect(() => readCloudPaste(text)).toThrow(/is not a SQLite database, so not a CloudPaste database$/);
      const other = new Database(dbFile);
      other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY)');
      other.close();
      expect(() => readCloudPaste(dbFile)).toThrow(/is not a CloudPaste database \(no table pastes, files/);
      expect(() => readCloudPaste(path.join(dir, 'missing.db'))).toThrow(CloudPasteImportError);
    });
  });

  describe('mapToCloudclip', () => {
    const map = (data = readCloudPaste(dbFile), existing = {}) =>
      mapToCloudclip(data, { secretBox: box, adminId: OUR_ADMIN, now: NOW, existing });

    it('maps records to our rows: ids, slugs and keys kept, S3 keys re-sealed, owners carried over', () => {
      buildCloudPaste06(dbFile);
      const { rows } = map();
      expect(rows.storageConfigs).toHaveLength(1);
      const config = rows.storageConfigs[0]!;
      expect(config).toMatchObject({
        id: FIXTURE_S3_ID,
        driver: 's3',
        provider_type: 'Cloudflare R2',
        region: 'auto',
        admin_id: OUR_ADMIN,
        is_default: 1,
        created_at: '2025-01-15T08:00:00.000Z',
      });
      expect(box.decrypt(config.access_key_id_sealed!)).toBe(FIXTURE_ACCESS_KEY);
      expect(box.decrypt(config.secret_access_key_sealed!)).toBe(FIXTURE_SECRET_KEY);

      expect(rows.apiKeys.map((k) => [k.id, k.key, k.text_permission, k.file_permission, k.mount_permission, k.basic_path])).toEqual([
        [FIXTURE_KEY_ID, 'abcDEF123456', 1, 1, 0, '/photos'],
        ['k2', 'readonly-key', 1, 0, 0, '/'],
      ]);

      expect(rows.pastes.map((p) => p.slug)).toEqual(['hello', 'secret-note', 'limited', 'hash-only']);
      expect(rows.pastes[0]).toMatchObject({
        id: 'p1',
        created_by: OUR_ADMIN,
        created_at: '2025-03-01T10:00:00.000Z',
        encryption: null,
        burn_after_reading: 0,
        password_hash: null,
      });
      expect(rows.pastes[2]).toMatchObject({
        max_views: 3,
        views: 1,
        expires_at: '2031-01-01T00:00:00.000Z',
        created_by: `apikey:${FIXTURE_KEY_ID}`,
      });

      expect(rows.files.map((f) => f.slug)).toEqual(['photo', 'report']);
      expect(rows.files[0]).toMatchObject({
        s3_config_id: FIXTURE_S3_ID,
        storage_path: 'uploads/photo-abc.jpg',
        size: 12345,
        use_proxy: 1,
        created_by: `apikey:${FIXTURE_KEY_ID}`,
      });
      expect(rows.files[1]).toMatchObject({ use_proxy: 0, max_views: 5, s3_url: '' });

      expect(rows.mounts).toEqual([
        expect.objectContaining({
          id: 'm1',
          storage_type: 'S3',
          storage_config_id: FIXTURE_S3_ID,
          mount_path: '/photos',
          cache_ttl: 600,
          sort_order: 2,
          created_by: OUR_ADMIN,
        }),
      ]);
      expect(rows.settings).toEqual([{ key: 'max_upload_size', value: '250', description: null, updated_at: NOW.toISOString() }]);
    });

    it('keeps share passwords in the upstream SHA-256 format, which our verification accepts, and seals the clear copy', async () => {
      buildCloudPaste06(dbFile);
      const { rows, report } = map();
      const paste = rows.pastes.find((p) => p.slug === 'secret-note')!;
      expect(paste.password_hash).toBe(sha256Hex('open sesame'));
      expect(await verifyPassword('open sesame', paste.password_hash!)).toBe(true);
      expect(await verifyPassword('wrong', paste.password_hash!)).toBe(false);
      expect(box.decrypt(paste.password_sealed!)).toBe('open sesame');
      const hashOnly = rows.pastes.find((p) => p.slug === 'hash-only')!;
      expect(hashOnly.password_sealed).toBeNull();
      expect(await verifyPassword('lost', hashOnly.password_hash!)).toBe(true);
      const file = rows.files.find((f) => f.slug === 'report')!;
      expect(await verifyPassword('pdfpass', file.password_hash!)).toBe(true);
      expect(box.decrypt(file.password_sealed!)).toBe('pdfpass');
      expect(report.find((e) => e.id === 'p2')?.notes).toContain('password kept in the CloudPaste SHA-256 format (upgraded on first use)');
    });

    it('reports what it imported and what it skipped, with why', () => {
      buildCloudPaste06(dbFile);
      const { report } = map();
      const skipped = report.filter((e) => e.outcome === 'skipped').map((e) => [e.kind, e.id, e.reason]);
      expect(skipped).toEqual([
        ['paste', 'p5', 'its slug has characters Cloudclip does not allow in links'],
        ['file', 'f3', 'its storage configuration missing-config is not in the database'],
        ['mount', 'm2', 'storage type WebDAV is not supported (S3 only)'],
        ['setting', 'db_initialized', 'CloudPaste bookkeeping'],
        ['setting', 'migration_7', 'CloudPaste bookkeeping'],
        ['setting', 'schema_version', 'CloudPaste bookkeeping'],
        ['setting', 'some_future_flag', 'not a setting Cloudclip has'],
      ]);
      expect(summariseReport(report)).toEqual({
        paste: { imported: 4, skipped: 1 },
        file: { imported: 2, skipped: 1 },
        apiKey: { imported: 2, skipped: 0 },
        s3Config: { imported: 1, skipped: 0 },
        mount: { imported: 1, skipped: 1 },
        setting: { imported: 1, skipped: 4 },
      });
    });

    it('skips a config read with the wrong secret, and the files and mounts on it, saying how to fix it', () => {
      buildCloudPaste06(dbFile, { secret: 'my-own-secret' });
      const { rows, report } = map();
      expect(rows.storageConfigs).toEqual([]);
      expect(rows.files).toEqual([]);
      expect(rows.mounts).toEqual([]);
      expect(report.find((e) => e.kind === 's3Config')?.reason).toMatch(/--cloudpaste-secret/);
      expect(report.find((e) => e.id === 'f1')?.reason).toMatch(/^its storage configuration .* was skipped: .*--cloudpaste-secret/);
    });

    it('skips clashes with what the target holds instead of overwriting', () => {
      buildCloudPaste06(dbFile);
      const { rows, report } = map(undefined, {
        pasteSlugs: new Set(['hello']),
        apiKeyNames: new Set(['uploader']),
        mountPaths: new Set(['/photos']),
      });
      expect(rows.pastes.map((p) => p.slug)).not.toContain('hello');
      expect(rows.apiKeys.map((k) => k.id)).toEqual(['k2']);
      expect(rows.mounts).toEqual([]);
      expect(report.find((e) => e.id === 'p1')?.reason).toBe('a paste with this slug exists already');
      expect(report.find((e) => e.id === FIXTURE_KEY_ID)?.reason).toBe('an API key named "uploader" exists already');
    });

    it('does not make an imported config the default when the target has one', () => {
      buildCloudPaste06(dbFile);
      const { rows, report } = map(undefined, { hasDefaultStorageConfig: true });
      expect(rows.storageConfigs[0]?.is_default).toBe(0);
      expect(report.find((e) => e.kind === 's3Config')?.notes).toContain('not made the default: there is a default configuration already');
    });

    it('takes a password stored in clear upstream as its SHA-256', async () => {
      buildCloudPaste06(dbFile);
      const data = readCloudPaste(dbFile);
      const { rows } = map({
        ...data,
        pastes: [{ ...data.pastes[0]!, passwordHash: 'plain', plainPassword: null, createdBy: FIXTURE_ADMIN_ID }],
      });
      expect(await verifyPassword('plain', rows.pastes[0]!.password_hash!)).toBe(true);
      expect(box.decrypt(rows.pastes[0]!.password_sealed!)).toBe('plain');
    });
  });
});
