import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLifecycles } from '@cloudclip/shared-kernel';
import type { EnvironmentManifest } from './environment-manifest';
import { isLoadFailure } from '../../../runtime-plugins/fallback-plugin';

let manifestPromise: Promise<EnvironmentManifest> | null = null;

/** Registers every pinned remote with the federation runtime. Nothing is downloaded yet. */
export function registerEnvironment(manifest: EnvironmentManifest): void {
  registerRemotes(
    manifest.remotes.map((remote) => ({ name: remote.name, entry: remote.entry, alias: remote.name })),
    { force: true },
  );
}

export function setEnvironment(promise: Promise<EnvironmentManifest>): void {
  manifestPromise = promise.then((manifest) => {
    registerEnvironment(manifest);
    return manifest;
  });
  // A failed manifest must not be an unhandled rejection; slots report it when they ask.
  manifestPromise.catch(() => undefined);
}

/** The environment manifest once it is known and registered (rejects when it could not be loaded). */
export function whenEnvironmentReady(): Promise<EnvironmentManifest> {
  return manifestPromise ?? Promise.reject(new Error('No environment manifest'));
}

export class RemoteUnavailableError extends Error {
  override readonly name = 'RemoteUnavailableError';
  constructor(
    readonly remote: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote} could not be loaded`, { cause });
  }
}

function isLifecycles(value: unknown): value is RemoteLifecycles {
  const module = value as Partial<RemoteLifecycles> | null;
  return !!module && typeof module.mount === 'function' && typeof module.unmount === 'function' && typeof module.bootstrap === 'function';
}

/** Remotes whose last load failed on this page (cleared by a successful load, e.g. the retry). */
const failedRemotes = new Set<string>();

/** Whether the last load of a remote failed: prefetching leaves it alone until the slot's retry succeeds. */
export function remoteHasFailed(name: string): boolean {
  return failedRemotes.has(name);
}

/**
 * Loads a remote's `./spa` lifecycles, remembering whether it failed. With `fresh`, the remote is registered again first so a
 * failed entry is fetched anew (the retry button).
 */
export async function loadRemoteLifecycles(name: string, fresh = false): Promise<RemoteLifecycles> {
  try {
    const lifecycles = await loadLifecycles(name, fresh);
    failedRemotes.delete(name);
    return lifecycles;
  } catch (error) {
    failedRemotes.add(name);
    throw error;
  }
}

async function loadLifecycles(name: string, fresh: boolean): Promise<RemoteLifecycles> {
  if (!manifestPromise) throw new RemoteUnavailableError(name, new Error('No environment manifest'));
  let manifest: EnvironmentManifest;
  try {
    manifest = await manifestPromise;
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  const remote = manifest.remotes.find((item) => item.name === name);
  if (!remote) throw new RemoteUnavailableError(name, new Error('Remote not pinned in this environment'));
  if (fresh) registerRemotes([{ name: remote.name, entry: remote.entry, alias: remote.name }], { force: true });
  let module: unknown;
  try {
    module = await loadRemote<unknown>(`${name}/spa`);
  } catch (error) {
    throw new RemoteUnavailableError(name, error);
  }
  if (isLoadFailure(module)) throw new RemoteUnavailableError(name, module.error);
  const lifecycles = (module as { default?: unknown } | null)?.default ?? module;
  if (!isLifecycles(lifecycles)) throw new RemoteUnavailableError(name, new Error('The remote does not expose single-spa lifecycles'));
  return lifecycles;
}
