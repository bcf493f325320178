import { DEFAULT_BACKEND_URL } from '@cloudclip/shared-kernel';

/** Preset backend addresses of the environment switcher. The worker addresses are placeholders to edit per deployment. */
export const ENV_PRESETS = [
  { id: 'local', address: DEFAULT_BACKEND_URL },
  { id: 'dev', address: 'https://cloudclip-dev.example.workers.dev' },
  { id: 'test', address: 'https://cloudclip-test.example.workers.dev' },
  { id: 'prod', address: 'https://cloudclip.example.workers.dev' },
] as const;

export type EnvPresetId = (typeof ENV_PRESETS)[number]['id'];

export function findPreset(address: string): EnvPresetId | null {
  const normalised = address.trim().replace(/\/+$/, '');
  return ENV_PRESETS.find((preset) => preset.address === normalised)?.id ?? null;
}

/** Visible only with an admin token and the `showEnvSwitcher` query parameter. */
export function shouldShowEnvSwitcher(search: string, hasAdminToken: boolean): boolean {
  return hasAdminToken && new URLSearchParams(search).has('showEnvSwitcher');
}
