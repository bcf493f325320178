import type { RemoteIntegrity } from '../../../runtime-plugins/integrity-plugin';

/** The environment manifest served by the gateway at /env.json: which version of each remote this environment runs. */
export interface EnvironmentRemote {
  /** Federation container name, e.g. cloudclip_public. */
  name: string;
  /** Address of the pinned version's mf-manifest.json. */
  entry: string;
  version: string;
  /** Digests of a released version (none for workspace builds and dev overrides). */
  integrity?: RemoteIntegrity;
}

/** The host release the environment pins (the gateway serves the host from it). */
export interface EnvironmentHost {
  /** Package name, e.g. host-shell. */
  package: string;
  version: string;
}

export interface EnvironmentManifest {
  name: string;
  remotes: EnvironmentRemote[];
  /** Absent from an older gateway's manifest. */
  host?: EnvironmentHost;
}

export class EnvironmentManifestError extends Error {
  override readonly name = 'EnvironmentManifestError';
}

function isRemote(value: unknown): value is EnvironmentRemote {
  const remote = value as Partial<EnvironmentRemote> | null;
  return !!remote && typeof remote.name === 'string' && typeof remote.entry === 'string' && typeof remote.version === 'string';
}

function isHost(value: unknown): value is EnvironmentHost {
  const host = value as Partial<EnvironmentHost> | null | undefined;
  return !!host && typeof host.package === 'string' && typeof host.version === 'string';
}

function isIntegrity(value: unknown): value is RemoteIntegrity {
  const integrity = value as Partial<RemoteIntegrity> | null | undefined;
  return (
    !!integrity && typeof integrity.manifest === 'string' && typeof integrity.entry === 'string' && typeof integrity.entryName === 'string'
  );
}

export function parseEnvironmentManifest(raw: unknown): EnvironmentManifest {
  const manifest = raw as Partial<EnvironmentManifest> | null;
  if (!manifest || typeof manifest !== 'object' || !Array.isArray(manifest.remotes) || !manifest.remotes.every(isRemote)) {
    throw new EnvironmentManifestError('Malformed environment manifest');
  }
  const remotes = manifest.remotes.map((remote) => {
    const { integrity, ...rest } = remote;
    return isIntegrity(integrity) ? { ...rest, integrity } : rest;
  });
  const name = typeof manifest.name === 'string' ? manifest.name : 'unknown';
  return isHost(manifest.host)
    ? { name, remotes, host: { package: manifest.host.package, version: manifest.host.version } }
    : { name, remotes };
}

/** Id of the JSON block in which the gateway writes the manifest into the page (deploy/gateway/boot-page.mjs). */
export const INLINE_ENVIRONMENT_ID = 'cc-environment';

/**
 * The manifest the gateway wrote into the page, so the remotes can be found without another round
 * trip; null when the page has none (another server, an older gateway) or it is unreadable, and
 * the manifest is then fetched from /env.json.
 */
export function inlineEnvironmentManifest(doc: Document = document): EnvironmentManifest | null {
  const text = doc.getElementById(INLINE_ENVIRONMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return parseEnvironmentManifest(JSON.parse(text));
  } catch {
    return null;
  }
}

/** Fetches the manifest (never cached by the browser), retrying transient failures. */
export async function fetchEnvironmentManifest(url = '/env.json', attempts = 3): Promise<EnvironmentManifest> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
      if (!response.ok) throw new EnvironmentManifestError(`Environment manifest answered ${response.status}`);
      return parseEnvironmentManifest(await response.json());
    } catch (error) {
      lastError = error;
      if (error instanceof EnvironmentManifestError && /Malformed/.test(error.message)) break;
      await new Promise((resolve) => setTimeout(resolve, 250 * (attempt + 1)));
    }
  }
  throw lastError instanceof Error ? lastError : new EnvironmentManifestError(String(lastError));
}
