/**
 * Where the command line keeps its settings and credentials: `<dir>/config.json`, written readable
 * only by the user (file 0600, folder 0700). The folder: CLOUDCLIP_CONFIG_DIR, else
 * $XDG_CONFIG_HOME/cloudclip (default ~/.config/cloudclip); macOS ~/Library/Application Support/cloudclip;
 * Windows %APPDATA%\cloudclip. CLOUDCLIP_SERVER and CLOUDCLIP_KEY override the file.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export interface StoredConfig {
  server?: string;
  key?: string;
  adminToken?: string;
  /** ISO time the admin token stops working. */
  adminTokenExpiresAt?: string;
  username?: string;
}

type Env = Record<string, string | undefined>;

export function configDir(env: Env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  if (env.CLOUDCLIP_CONFIG_DIR) return env.CLOUDCLIP_CONFIG_DIR;
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'cloudclip');
  if (platform === 'darwin' && !env.XDG_CONFIG_HOME) {
    return path.join(home, 'Library', 'Application Support', 'cloudclip');
  }
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'cloudclip');
}

export function configFile(env: Env, platform?: NodeJS.Platform, home?: string): string {
  return path.join(configDir(env, platform, home), 'config.json');
}

/** The stored settings; `{}` when there is no (readable, valid) file. */
export function readConfig(file: string): StoredConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const out: StoredConfig = {};
    for (const name of ['server', 'key', 'adminToken', 'adminTokenExpiresAt', 'username'] as const) {
      const field = (value as Record<string, unknown>)[name];
      if (typeof field === 'string' && field !== '') out[name] = field;
    }
    return out;
  } catch {
    return {};
  }
}

/** Writes the settings atomically, readable only by the user. */
export function writeConfig(file: string, config: StoredConfig): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

export function removeConfigFile(file: string): void {
  rmSync(file, { force: true });
}

export interface EffectiveSettings {
  server?: string;
  key?: string;
  adminToken?: string;
  /** The stored admin login exists but has expired. */
  adminExpired: boolean;
  username?: string;
}

/**
 * What a command uses: flags win over the environment, the environment over the file. A key given by
 * flag or environment replaces a stored admin login; an expired admin token is not used.
 */
export function effectiveSettings(
  stored: StoredConfig,
  env: Env,
  flags: { server?: string; key?: string },
  now: Date = new Date(),
): EffectiveSettings {
  const server = flags.server || env.CLOUDCLIP_SERVER || stored.server;
  const overrideKey = flags.key || env.CLOUDCLIP_KEY;
  const out: EffectiveSettings = { adminExpired: false };
  if (server) out.server = normaliseServer(server);
  if (overrideKey) {
    out.key = overrideKey;
    return out;
  }
  if (stored.key) out.key = stored.key;
  else if (stored.adminToken) {
    const expires = stored.adminTokenExpiresAt ? Date.parse(stored.adminTokenExpiresAt) : NaN;
    if (Number.isFinite(expires) && expires <= now.getTime()) out.adminExpired = true;
    else out.adminToken = stored.adminToken;
    if (stored.username) out.username = stored.username;
  }
  return out;
}

/** `example.com:8787` → `http://example.com:8787`; no trailing slash. Undefined when not an http(s) URL. */
export function normaliseServer(value: string): string {
  let text = value.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `http://${text}`;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return value.trim();
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return value.trim();
  }
}

export function isServerAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
