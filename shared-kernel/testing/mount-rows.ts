/** Mount rows as the mount list answers them (contract 5.6), for the tests of the kernel's mount endpoints and of the admin's mount pages. */

export const MOUNT_ROW = {
  storage_type: 'S3',
  storage_config_id: 'c1',
  remark: null,
  is_active: 1,
  created_by: 'admin-1',
  sort_order: 0,
  cache_ttl: 300,
  created_at: '2025-07-01 08:00:00',
  updated_at: '2025-07-01 08:00:00',
  last_used: null,
};

/** Two mounts: Photos (m1, /photos) and Archive (m2, /archive). */
export const TWO_MOUNTS = [
  { ...MOUNT_ROW, id: 'm1', name: 'Photos', mount_path: '/photos' },
  { ...MOUNT_ROW, id: 'm2', name: 'Archive', mount_path: '/archive' },
];
