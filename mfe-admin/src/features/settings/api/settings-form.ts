import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  DEFAULT_WEBDAV_UPLOAD_MODE,
  SETTING_ALLOW_GUEST_PASTES,
  SETTING_MAX_UPLOAD_SIZE,
  SETTING_WEBDAV_UPLOAD_MODE,
  WEBDAV_UPLOAD_MODES,
  megabytesToSizeInput,
  toBoolean,
  type SettingsFormInput,
  type SizeUnit,
  type SystemSettingRow,
  type WebdavUploadMode,
} from '@cloudclip/shared-kernel';

/** The system-settings form's values. */
export interface SettingsFormValues {
  max_upload_size?: string | number | null;
  max_upload_size_unit?: SizeUnit;
  webdav_upload_mode?: WebdavUploadMode;
  allow_guest_pastes?: boolean;
}

function rowValue(rows: readonly SystemSettingRow[], key: string): string | undefined {
  return rows.find((row) => row.key === key)?.value;
}

/** Form values from `GET /admin/system-settings` rows (internal rows are ignored). */
export function settingsToForm(rows: readonly SystemSettingRow[]): SettingsFormValues {
  const stored = Number(rowValue(rows, SETTING_MAX_UPLOAD_SIZE));
  const megabytes = Number.isInteger(stored) && stored > 0 ? stored : DEFAULT_MAX_UPLOAD_SIZE_MB;
  const size = megabytesToSizeInput(megabytes);
  const mode = rowValue(rows, SETTING_WEBDAV_UPLOAD_MODE);
  return {
    max_upload_size: String(size.value),
    max_upload_size_unit: size.unit,
    webdav_upload_mode: (WEBDAV_UPLOAD_MODES as readonly string[]).includes(mode ?? '')
      ? (mode as WebdavUploadMode)
      : DEFAULT_WEBDAV_UPLOAD_MODE,
    allow_guest_pastes: toBoolean(rowValue(rows, SETTING_ALLOW_GUEST_PASTES)),
  };
}

export function settingsFormInput(values: SettingsFormValues): SettingsFormInput {
  return {
    max_upload_size: values.max_upload_size ?? null,
    max_upload_size_unit: values.max_upload_size_unit ?? 'MB',
    webdav_upload_mode: values.webdav_upload_mode ?? null,
  };
}
