import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Subresource-integrity digests of one released remote, as /env.json lists them. */
export interface RemoteIntegrity {
  /** `sha384-…` of its mf-manifest.json. */
  manifest: string;
  /** `sha384-…` of its remote entry script. */
  entry: string;
  /** The entry's file name, next to the manifest (e.g. remoteEntry.js). */
  entryName: string;
}

export class IntegrityError extends Error {
  override readonly name = 'IntegrityError';
}

/**
 * The digests of the pinned releases, by absolute address. Workspace builds and dev-server
 * overrides carry none and load unchecked.
 */
export class IntegrityRegistry {
  private readonly digests = new Map<string, string>();

  constructor(private readonly baseHref: string) {}

  register(entry: string, integrity: RemoteIntegrity | undefined): void {
    if (!integrity) return;
    const manifestUrl = new URL(entry, this.baseHref);
    this.digests.set(manifestUrl.href, integrity.manifest);
    this.digests.set(new URL(integrity.entryName, manifestUrl).href, integrity.entry);
  }

  digestOf(url: string): string | undefined {
    try {
      return this.digests.get(new URL(url, this.baseHref).href);
    } catch {
      return undefined;
    }
  }
}

function toBase64(buffer: ArrayBuffer): string {
  let binary = '';
  const bytes = new Uint8Array(buffer);
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary);
}

/**
 * Checks a fetched manifest against its digest. Without WebCrypto (plain http on a non-local
 * address) the browser cannot hash, and the manifest is accepted; entry scripts are still checked
 * by the browser through their integrity attribute.
 */
export async function verifyFetchedResponse(
  registry: IntegrityRegistry,
  url: string,
  response: Response,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<Response> {
  const expected = registry.digestOf(url);
  if (!expected || !response.ok || !subtle) return response;
  const [algorithm, value] = expected.split('-', 2) as [string, string];
  if (algorithm !== 'sha384') return response;
  const body = await response.clone().arrayBuffer();
  const actual = toBase64(await subtle.digest('SHA-384', body));
  if (actual !== value) throw new IntegrityError(`${url} does not match the digest of its pinned release`);
  return response;
}

/** Loads remote entry scripts with the `integrity` attribute of their pinned release. */
export function integrityPlugin(registry: IntegrityRegistry): ModuleFederationRuntimePlugin {
  return {
    name: 'cloudclip-integrity-plugin',
    createScript({ url, attrs }) {
      const digest = registry.digestOf(url);
      if (!digest) return undefined;
      const script = document.createElement('script');
      for (const [name, value] of Object.entries(attrs ?? {})) {
        if (name === 'async' || name === 'defer') script[name] = Boolean(value);
        else if (typeof value === 'string') script.setAttribute(name, value);
      }
      script.integrity = digest;
      script.crossOrigin = 'anonymous';
      script.src = url;
      return script;
    },
  };
}
