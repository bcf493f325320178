import type { StoredConfig } from '../config/config';

/** What login / logout need beyond the command context: where the settings live and what they hold. */
export interface Session {
  configFile: string;
  stored: StoredConfig;
  env: Record<string, string | undefined>;
  flags: { server?: string; key?: string };
}
