/** The fields of a paste row in the admin list (`GET /api/admin/pastes`) that the text-management tests do not vary: no password, no expiry, no view limit, made by the admin. */
export const PASTE_ROW_DEFAULTS = {
  has_password: 0 as const,
  expires_at: null,
  max_views: null,
  view_count: 0,
  created_by: 'admin-id',
  created_at: '2025-07-01 08:00:00',
  updated_at: '2025-07-01 08:00:00',
};
