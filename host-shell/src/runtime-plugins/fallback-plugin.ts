import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What `loadRemote` resolves to when a remote could not be loaded: the slot shows its error and retry. */
export interface RemoteLoadFailure {
  readonly __cloudclipLoadFailure: true;
  readonly id: string;
  readonly error: unknown;
}

export function isLoadFailure(value: unknown): value is RemoteLoadFailure {
  return !!value && typeof value === 'object' && (value as Partial<RemoteLoadFailure>).__cloudclipLoadFailure === true;
}

/**
 * Turns a failed remote load into a value instead of an exception thrown deep in the runtime,
 * so a dead remote never breaks the host: only its own slot shows the failure.
 */
export function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cloudclip-fallback-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      // Only the final stage of loadRemote is answered; earlier stages rethrow and end up here.
      if (lifecycle !== 'onLoad') return undefined;
      const failure: RemoteLoadFailure = { __cloudclipLoadFailure: true, id, error };
      return failure;
    },
  };
}
