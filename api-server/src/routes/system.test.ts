import {
  SERVER_FEATURE_BACKUP,
  SERVER_FEATURE_BURN_AFTER_READING,
  SERVER_FEATURE_DAV_LOCKS,
  SERVER_FEATURE_GUEST_PASTES,
  SERVER_FEATURE_MOUNT_SEARCH,
  SERVER_FEATURE_PASTE_ENCRYPTION,
  SERVER_FEATURE_PASTE_TAGS,
  SERVER_FEATURE_SEARCH,
} from '@cloudclip/contract';
import { testDatabaseUrl } from '../testing/test-database';
import { createTestApp, removeTempDir, type TestApp } from '../testing/test-app';
import { okEnvelope } from '../testing/expectations';

describe('public system endpoints', () => {
  let t: TestApp;
  const now = new Date('2025-07-01T08:00:00.000Z');

  beforeEach(async () => {
    t = await createTestApp({ clock: () => now });
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  it('reports health as a flat object with status ok, an ISO timestamp and whether the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', timestamp: '2025-07-01T08:00:00.000Z', database: 'ok' });
  });

  it('reports the version in an E envelope with the package version, name, environment, storage and features', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual(
      okEnvelope({
        version: '0.1.0',
        name: 'cloudclip-api',
        environment: 'Node',
        // the engine the test app runs on (PostgreSQL under `pnpm test:pg`)
        storage: testDatabaseUrl() === undefined ? 'SQLite' : 'PostgreSQL',
        nodeVersion: process.version,
        uptime: expect.any(Number),
        // Capabilities beyond the legacy contract (issue 16: search and tags; issue 41: a mount's WebDAV locks; issue 15: encryption, burn; guest pastes; issue 37: the admin backup API).
        features: [
          SERVER_FEATURE_SEARCH,
          SERVER_FEATURE_MOUNT_SEARCH,
          SERVER_FEATURE_PASTE_TAGS,
          SERVER_FEATURE_DAV_LOCKS,
          SERVER_FEATURE_PASTE_ENCRYPTION,
          SERVER_FEATURE_BURN_AFTER_READING,
          SERVER_FEATURE_GUEST_PASTES,
          SERVER_FEATURE_BACKUP,
        ],
      }),
    );
    expect(Number.isInteger(body.data.uptime)).toBe(true);
  });

  it('announces every addition the web client offers only where announced (issue 41), by its wire name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/version' });
    const features: string[] = response.json().data.features;
    // Written out, not taken from the constants: these strings are what other backends and clients compare.
    for (const feature of [
      'search',
      'mount-search',
      'paste-tags',
      'dav-locks',
      'paste-encryption',
      'burn-after-reading',
      'guest-pastes',
      'backup',
    ]) {
      expect(features).toContain(feature);
    }
    expect(new Set(features).size).toBe(features.length);
  });

  it('reports the seeded max upload size of 100 MB', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/system/max-upload-size' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true, data: { max_upload_size: 100 } });
  });

  it.each([
    ['reports a stored max upload size as an integer', '250', 250],
    ['falls back to 100 MB when the stored max upload size is unusable', 'lots', 100],
  ])('%s (%j → %i)', async (_behaviour, stored, reported) => {
    await t.container.repositories.systemSettings.upsert({
      key: 'max_upload_size',
      value: stored,
      description: null,
      updated_at: now.toISOString(),
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/system/max-upload-size' });
    expect(response.json().data).toEqual({ max_upload_size: reported });
  });
});
