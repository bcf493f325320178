import type { CloudclipApi } from '@cloudclip/shared-kernel';

/** The kernel's file-system endpoint group (`createFsApi`), identical for the admin and user families. */
export type FsApi = CloudclipApi['fs']['admin'];
