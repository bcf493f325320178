import { megabytesToSizeInput, sizeToMegabytes, validateSettingsForm, type SettingsFormInput } from './settings-form';

const valid: SettingsFormInput = { max_upload_size: 100, max_upload_size_unit: 'MB', webdav_upload_mode: 'auto' };

function errorsOf(overrides: Partial<SettingsFormInput>) {
  return validateSettingsForm({ ...valid, ...overrides }).errors;
}

describe('sizeToMegabytes', () => {
  it('converts KB (rounding down), MB and GB to whole megabytes', () => {
    expect(sizeToMegabytes(1024, 'KB')).toBe(1);
    expect(sizeToMegabytes(1536, 'KB')).toBe(1);
    expect(sizeToMegabytes(1023, 'KB')).toBe(0);
    expect(sizeToMegabytes(64, 'MB')).toBe(64);
    expect(sizeToMegabytes(2, 'GB')).toBe(2048);
  });
});

describe('megabytesToSizeInput', () => {
  it('shows whole gigabytes in GB and everything else in MB', () => {
    expect(megabytesToSizeInput(2048)).toEqual({ value: 2, unit: 'GB' });
    expect(megabytesToSizeInput(100)).toEqual({ value: 100, unit: 'MB' });
    expect(megabytesToSizeInput(1536)).toEqual({ value: 1536, unit: 'MB' });
  });
});

describe('validateSettingsForm', () => {
  it('accepts a size in MB and a webdav mode', () => {
    expect(validateSettingsForm(valid)).toEqual({ valid: true, errors: {}, value: { max_upload_size: 100, webdav_upload_mode: 'auto' } });
  });

  it('converts GB to MB for the API', () => {
    expect(validateSettingsForm({ ...valid, max_upload_size: '2', max_upload_size_unit: 'GB' }).value?.max_upload_size).toBe(2048);
  });

  it('converts KB to MB rounding down', () => {
    expect(validateSettingsForm({ ...valid, max_upload_size: 2560, max_upload_size_unit: 'KB' }).value?.max_upload_size).toBe(2);
  });

  it('accepts 1024 KB as the smallest KB value (1 MB)', () => {
    expect(validateSettingsForm({ ...valid, max_upload_size: 1024, max_upload_size_unit: 'KB' }).value?.max_upload_size).toBe(1);
  });

  it('refuses 1023 KB because it is less than 1 MB', () => {
    expect(errorsOf({ max_upload_size: 1023, max_upload_size_unit: 'KB' }).max_upload_size).toEqual({
      ns: 'validation',
      key: 'settingsMaxUploadSizeTooSmall',
      params: { min: '1 MB' },
    });
  });

  it('accepts 1 MB', () => {
    expect(validateSettingsForm({ ...valid, max_upload_size: 1 }).value?.max_upload_size).toBe(1);
  });

  it('requires a size', () => {
    expect(errorsOf({ max_upload_size: '' }).max_upload_size?.key).toBe('settingsMaxUploadSizeRequired');
    expect(errorsOf({ max_upload_size: null }).max_upload_size?.key).toBe('settingsMaxUploadSizeRequired');
  });

  it.each([0, -1, 1.5, '2.5', 'abc', '1e3'])('refuses %j as not a positive integer', (size) => {
    expect(errorsOf({ max_upload_size: size }).max_upload_size?.key).toBe('settingsMaxUploadSizeNotPositiveInteger');
  });

  it('refuses a size that overflows once converted', () => {
    expect(errorsOf({ max_upload_size: Number.MAX_SAFE_INTEGER, max_upload_size_unit: 'GB' }).max_upload_size?.key).toBe(
      'settingsMaxUploadSizeNotPositiveInteger',
    );
  });

  it('refuses an unknown unit', () => {
    expect(errorsOf({ max_upload_size_unit: 'TB' as never }).max_upload_size_unit).toEqual({
      ns: 'validation',
      key: 'settingsSizeUnitInvalid',
      params: { units: 'KB, MB, GB' },
    });
  });

  it.each(['auto', 'proxy', 'multipart', 'direct'] as const)('accepts the webdav mode %s', (mode) => {
    expect(validateSettingsForm({ ...valid, webdav_upload_mode: mode }).value?.webdav_upload_mode).toBe(mode);
  });

  it('uses auto when no webdav mode is given', () => {
    expect(validateSettingsForm({ ...valid, webdav_upload_mode: undefined }).value?.webdav_upload_mode).toBe('auto');
    expect(validateSettingsForm({ ...valid, webdav_upload_mode: null }).value?.webdav_upload_mode).toBe('auto');
  });

  it('refuses an unknown webdav mode', () => {
    expect(errorsOf({ webdav_upload_mode: 'stream' as never }).webdav_upload_mode?.key).toBe('settingsWebdavModeInvalid');
    expect(errorsOf({ webdav_upload_mode: 'AUTO' as never }).webdav_upload_mode?.key).toBe('settingsWebdavModeInvalid');
  });

  it('converts the paste storage limits to megabytes (GB × 1024, KB rounded down)', () => {
    expect(
      validateSettingsForm({
        ...valid,
        paste_storage_per_key: '100',
        paste_storage_per_key_unit: 'MB',
        paste_storage_total: 2,
        paste_storage_total_unit: 'GB',
      }).value,
    ).toEqual({ max_upload_size: 100, webdav_upload_mode: 'auto', paste_storage_per_key_mb: 100, paste_storage_total_mb: 2048 });
    expect(
      validateSettingsForm({ ...valid, paste_storage_total: 3000, paste_storage_total_unit: 'KB' }).value?.paste_storage_total_mb,
    ).toBe(2);
  });

  it('refuses an empty, non-integer, non-positive or sub-megabyte paste storage limit and a bad unit', () => {
    expect(errorsOf({ paste_storage_per_key: '' }).paste_storage_per_key?.key).toBe('settingsPasteStorageRequired');
    for (const bad of ['0', '-5', '1.5', 'abc']) {
      expect(errorsOf({ paste_storage_total: bad, paste_storage_total_unit: 'MB' }).paste_storage_total?.key).toBe(
        'settingsPasteStorageNotPositiveInteger',
      );
    }
    expect(errorsOf({ paste_storage_per_key: 1000, paste_storage_per_key_unit: 'KB' }).paste_storage_per_key).toEqual({
      ns: 'validation',
      key: 'settingsPasteStorageTooSmall',
      params: { min: '1 MB' },
    });
    expect(errorsOf({ paste_storage_per_key: 5, paste_storage_per_key_unit: 'TB' as never }).paste_storage_per_key_unit?.key).toBe(
      'settingsSizeUnitInvalid',
    );
  });
});
