import { buildApp, getAppContainer } from '../app';
import { sha256Hex } from '../lib/password-hash';
import { basic, createTestApp, tempDirForEachTest } from '../testing/test-app';

describe('admin account', () => {
  let dataDir: string;
  tempDirForEachTest((dir) => {
    dataDir = dir;
  });

  const login = (app: Awaited<ReturnType<typeof buildApp>>, username: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });

  it('generates a password when none is configured, announces it once, and the password works', async () => {
    const notices: string[] = [];
    const announce = (text: string) => notices.push(text);

    const first = await buildApp({ dataDir, logger: false, announce });
    await first.close();
    const second = await buildApp({ dataDir, logger: false, announce });
    try {
      const all = notices.join('\n');
      expect(all.match(/Cloudclip admin account created/g)).toHaveLength(1);
      const matches = [...all.matchAll(/Cloudclip admin account created: username=admin password=(\S+)/g)];
      expect(matches).toHaveLength(1);
      const password = matches[0]?.[1] ?? '';
      expect(password).toMatch(/^[A-Za-z0-9]{16,}$/);

      expect((await login(second, 'admin', password)).statusCode).toBe(200);
      expect((await login(second, 'admin', 'admin123')).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('creates the admin with the configured username and password without printing the password', async () => {
    const notices: string[] = [];
    const app = await buildApp({
      dataDir,
      logger: false,
      adminUsername: 'root',
      adminPassword: 'configured-pw',
      announce: (text) => notices.push(text),
    });
    try {
      expect(notices.join('\n')).not.toContain('configured-pw');
      expect(notices.join('\n')).toContain('username=root');
      expect((await login(app, 'root', 'configured-pw')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('does not overwrite an existing admin when ADMIN_PASSWORD changes', async () => {
    const first = await createTestApp({ dataDir, adminPassword: 'original-pw' });
    await first.close();
    const second = await createTestApp({ dataDir, adminPassword: 'changed-pw' });
    try {
      expect((await login(second.app, 'admin', 'original-pw')).statusCode).toBe(200);
      expect((await login(second.app, 'admin', 'changed-pw')).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('stores a salted scrypt hash, never the password itself', async () => {
    const first = await createTestApp({ dataDir, adminPassword: 'plain-pw' });
    try {
      const admin = await first.container.repositories.admins.findByUsername('admin');
      expect(admin?.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
      expect(admin?.password_hash).not.toContain('plain-pw');
    } finally {
      await first.close();
    }
  });

  it('accepts a legacy unsalted SHA-256 hash (imported data) and upgrades it to scrypt on login', async () => {
    const t = await createTestApp({ dataDir });
    try {
      const admins = t.container.repositories.admins;
      const admin = await admins.findByUsername('admin');
      await admins.updatePasswordHash(admin!.id, sha256Hex('legacy-pw'), new Date().toISOString());

      expect((await login(t.app, 'admin', 'wrong')).statusCode).toBe(401);
      expect((await login(t.app, 'admin', 'legacy-pw')).statusCode).toBe(200);
      const upgraded = await admins.findByUsername('admin');
      expect(upgraded?.password_hash.startsWith('scrypt$')).toBe(true);
      expect((await login(t.app, 'admin', 'legacy-pw')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('accepts a legacy SHA-256 hash over Basic auth as well', async () => {
    const t = await createTestApp({ dataDir });
    try {
      const container = getAppContainer(t.app);
      const admin = await container.repositories.admins.findByUsername('admin');
      await container.repositories.admins.updatePasswordHash(admin!.id, sha256Hex('legacy-pw'), new Date().toISOString());
      const response = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: basic('admin', 'legacy-pw') });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
