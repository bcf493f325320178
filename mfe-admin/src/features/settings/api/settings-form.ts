import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  DEFAULT_PASTE_STORAGE_PER_KEY_MB,
  DEFAULT_PASTE_STORAGE_TOTAL_MB,
  SETTING_ALLOW_GUEST_PASTES,
  SETTING_MAX_UPLOAD_SIZE,
  SETTING_PASTE_STORAGE_PER_KEY_MB,
  SETTING_PASTE_STORAGE_TOTAL_MB,
  SETTING_WEBDAV_UPLOAD_MODE,
  effectiveWebdavUploadMode,
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
  paste_storage_per_key?: string | number | null;
  paste_storage_per_key_unit?: SizeUnit;
  paste_storage_total?: string | number | null;
  paste_storage_total_unit?: SizeUnit;
}

function rowValue(rows: readonly SystemSettingRow[], key: string): string | undefined {
  return rows.find((row) => row.key === key)?.value;
}

/** A stored megabytes setting shown with the largest whole unit; `fallback` when unset or invalid. */
function sizeSetting(rows: readonly SystemSettingRow[], key: string, fallback: number): { value: string; unit: SizeUnit } {
  const stored = Number(rowValue(rows, key));
  const size = megabytesToSizeInput(Number.isInteger(stored) && stored > 0 ? stored : fallback);
  return { value: String(size.value), unit: size.unit };
}

/** Form values from `GET /admin/system-settings` rows (internal rows are ignored). */
export function settingsToForm(rows: readonly SystemSettingRow[]): SettingsFormValues {
  const size = sizeSetting(rows, SETTING_MAX_UPLOAD_SIZE, DEFAULT_MAX_UPLOAD_SIZE_MB);
  const perKey = sizeSetting(rows, SETTING_PASTE_STORAGE_PER_KEY_MB, DEFAULT_PASTE_STORAGE_PER_KEY_MB);
  const total = sizeSetting(rows, SETTING_PASTE_STORAGE_TOTAL_MB, DEFAULT_PASTE_STORAGE_TOTAL_MB);
  return {
    max_upload_size: size.value,
    max_upload_size_unit: size.unit,
    webdav_upload_mode: effectiveWebdavUploadMode(rowValue(rows, SETTING_WEBDAV_UPLOAD_MODE)),
    allow_guest_pastes: toBoolean(rowValue(rows, SETTING_ALLOW_GUEST_PASTES)),
    paste_storage_per_key: perKey.value,
    paste_storage_per_key_unit: perKey.unit,
    paste_storage_total: total.value,
    paste_storage_total_unit: total.unit,
  };
}

export function settingsFormInput(values: SettingsFormValues): SettingsFormInput {
  return {
    max_upload_size: values.max_upload_size ?? null,
    max_upload_size_unit: values.max_upload_size_unit ?? 'MB',
    webdav_upload_mode: values.webdav_upload_mode ?? null,
    // Fields the form does not have (undefined) stay out of the payload; an emptied one is "required".
    ...(values.paste_storage_per_key === undefined
      ? {}
      : { paste_storage_per_key: values.paste_storage_per_key, paste_storage_per_key_unit: values.paste_storage_per_key_unit ?? 'MB' }),
    ...(values.paste_storage_total === undefined
      ? {}
      : { paste_storage_total: values.paste_storage_total, paste_storage_total_unit: values.paste_storage_total_unit ?? 'MB' }),
  };
}
