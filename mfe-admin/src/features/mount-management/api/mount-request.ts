import {
  MOUNT_CACHE_TTL_DEFAULT_SECONDS,
  MOUNT_SORT_ORDER_DEFAULT,
  type Mount,
  type MountFormInput,
  type CloudclipApi,
} from '@cloudclip/shared-kernel';
import type { TableResult } from '../../../lib/table-request';

/** ProTable adapter of the unpaginated mount lists: every mount (admin) or the key's visible ones. */
export async function requestMounts(
  api: Pick<CloudclipApi['mounts'], 'adminList' | 'userList'>,
  scope: 'admin' | 'user',
  signal?: AbortSignal,
): Promise<TableResult<Mount>> {
  const data = scope === 'admin' ? await api.adminList(signal) : await api.userList(signal);
  return { data, total: data.length, success: true };
}

/** The mount form's values (numbers as typed). */
export type MountFormValues = {
  name?: string;
  storage_type?: string;
  storage_config_id?: string;
  mount_path?: string;
  remark?: string;
  cache_ttl?: string;
  sort_order?: string;
  is_active?: boolean;
};

export function mountFormInput(values: MountFormValues): MountFormInput {
  return {
    name: values.name,
    storage_type: values.storage_type,
    storage_config_id: values.storage_config_id,
    mount_path: values.mount_path,
    remark: values.remark,
    cache_ttl: values.cache_ttl,
    sort_order: values.sort_order,
    is_active: values.is_active,
  };
}

export function mountToForm(mount: Mount | null, defaultConfigId?: string): MountFormValues {
  if (!mount) {
    return {
      storage_type: 'S3',
      storage_config_id: defaultConfigId,
      cache_ttl: String(MOUNT_CACHE_TTL_DEFAULT_SECONDS),
      sort_order: String(MOUNT_SORT_ORDER_DEFAULT),
      is_active: true,
    };
  }
  return {
    name: mount.name,
    storage_type: mount.storage_type,
    storage_config_id: mount.storage_config_id ?? undefined,
    mount_path: mount.mount_path,
    remark: mount.remark ?? '',
    cache_ttl: String(mount.cache_ttl ?? MOUNT_CACHE_TTL_DEFAULT_SECONDS),
    sort_order: String(mount.sort_order ?? MOUNT_SORT_ORDER_DEFAULT),
    is_active: mount.is_active === 1 || mount.is_active === true,
  };
}
