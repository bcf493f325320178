import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { defaultDataDir, findRepositoryRoot } from './lib/paths';

describe('environment configuration', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8787);
    expect(config.host).toBe('127.0.0.1');
    expect(config.app).toMatchObject({
      dataDir: defaultDataDir(),
      adminUsername: 'admin',
      adminPassword: undefined,
      loginRateLimitMax: 10,
      logger: { level: 'info' },
      trustProxy: false,
    });
  });

  it('gives WebDAV and SFTP storage 15 s to connect and 30 s to answer unless STORAGE_*_TIMEOUT_MS say otherwise', () => {
    expect(loadConfig({}).app.storageTimeouts).toEqual({ connectMs: 15_000, responseMs: 30_000 });
    const custom = loadConfig({ STORAGE_CONNECT_TIMEOUT_MS: '2000', STORAGE_RESPONSE_TIMEOUT_MS: ' 5000 ' });
    expect(custom.app.storageTimeouts).toEqual({ connectMs: 2000, responseMs: 5000 });
    expect(() => loadConfig({ STORAGE_CONNECT_TIMEOUT_MS: '0' })).toThrow(/STORAGE_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ STORAGE_RESPONSE_TIMEOUT_MS: '30s' })).toThrow(/STORAGE_RESPONSE_TIMEOUT_MS/);
  });

  it('puts the default data directory at the repository root', () => {
    const root = findRepositoryRoot();
    expect(defaultDataDir()).toBe(path.join(root, '.data'));
    // the workspace root is the parent of the api-server package (src/.. = api-server)
    expect(root).toBe(path.resolve(__dirname, '..', '..'));
  });

  it.each([
    ['API_PORT', '9000', { port: 9000 }],
    ['API_HOST', '0.0.0.0', { host: '0.0.0.0' }],
    ['DATA_DIR', 'relative/data', { app: { dataDir: path.resolve('relative/data') } }],
    ['ADMIN_USERNAME', 'root', { app: { adminUsername: 'root' } }],
    ['ADMIN_PASSWORD', 'pw', { app: { adminPassword: 'pw' } }],
    ['LOGIN_RATE_LIMIT_MAX', '3', { app: { loginRateLimitMax: 3 } }],
    ['LOG_LEVEL', 'warn', { app: { logger: { level: 'warn' } } }],
    ['TRUST_PROXY', '10.0.0.0/8', { app: { trustProxy: '10.0.0.0/8' } }],
  ])('reads %s', (variable, value, expected) => {
    expect(loadConfig({ [variable]: value })).toMatchObject(expected);
  });

  it('treats a blank ADMIN_PASSWORD as unset', () => {
    expect(loadConfig({ ADMIN_PASSWORD: '' }).app.adminPassword).toBeUndefined();
  });

  it.each([
    [{ API_PORT: 'eighty' }, /API_PORT/],
    [{ API_PORT: '70000' }, /API_PORT/],
    [{ LOGIN_RATE_LIMIT_MAX: '0' }, /LOGIN_RATE_LIMIT_MAX/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('rejects %p naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it('uses SQLite unless DATABASE_URL is set, and passes a postgres URL through', () => {
    expect(loadConfig({}).app.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: ' ' }).app.databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/cloudclip' }).app.databaseUrl).toBe('postgres://u:p@db:5432/cloudclip');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/cloudclip' }).app.databaseUrl).toBe('postgresql://db/cloudclip');
  });

  it('rejects a DATABASE_URL that is not a postgres URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/cloudclip' })).toThrow(/DATABASE_URL/);
  });

  describe('replicas (API_REPLICAS)', () => {
    const pg = 'postgres://u:p@db:5432/cloudclip';

    it('runs one replica by default and reads API_REPLICAS', () => {
      expect(loadConfig({}).app.replicas).toBe(1);
      expect(loadConfig({ API_REPLICAS: '3', DATABASE_URL: pg, APP_SECRET: 's3cret' }).app).toMatchObject({
        replicas: 3,
        appSecret: 's3cret',
        databaseUrl: pg,
      });
    });

    it('refuses to start replicas on PostgreSQL without APP_SECRET, naming the variable and why', () => {
      for (const secret of [undefined, ' ']) {
        const env = { API_REPLICAS: '2', DATABASE_URL: pg, ...(secret === undefined ? {} : { APP_SECRET: secret }) };
        expect(() => loadConfig(env)).toThrow(ConfigError);
        expect(() => loadConfig(env)).toThrow(
          /APP_SECRET is required when API_REPLICAS=2 .*every replica must sign and verify the same tokens/,
        );
      }
    });

    it('needs no APP_SECRET for one replica, on PostgreSQL or SQLite (the generated secret file serves)', () => {
      expect(loadConfig({ DATABASE_URL: pg }).app.appSecret).toBeUndefined();
      expect(loadConfig({ API_REPLICAS: '1', DATABASE_URL: pg }).app.appSecret).toBeUndefined();
    });

    it('refuses several replicas on SQLite (no DATABASE_URL), and a count that is not a positive integer', () => {
      expect(() => loadConfig({ API_REPLICAS: '2', APP_SECRET: 'x' })).toThrow(/API_REPLICAS=2 needs DATABASE_URL/);
      expect(() => loadConfig({ API_REPLICAS: '0' })).toThrow(/API_REPLICAS/);
      expect(() => loadConfig({ API_REPLICAS: 'two' })).toThrow(/API_REPLICAS/);
    });
  });
});
