import { validateSettingsForm } from '@cloudclip/shared-kernel';
import { settingsFormInput, settingsToForm } from './settings-form';

const row = (key: string, value: string) => ({ key, value, description: null, updated_at: '' });

describe('settings form', () => {
  it('reads the rows into the form (GB when whole, internal rows ignored)', () => {
    expect(
      settingsToForm([
        row('max_upload_size', '2048'),
        row('webdav_upload_mode', 'proxy'),
        row('allow_guest_pastes', 'true'),
        row('schema_version', '7'),
      ]),
    ).toEqual({
      max_upload_size: '2',
      max_upload_size_unit: 'GB',
      webdav_upload_mode: 'proxy',
      allow_guest_pastes: true,
      paste_storage_per_key: '100',
      paste_storage_per_key_unit: 'MB',
      paste_storage_total: '1',
      paste_storage_total_unit: 'GB',
    });
    expect(settingsToForm([])).toEqual({
      max_upload_size: '100',
      max_upload_size_unit: 'MB',
      webdav_upload_mode: 'auto',
      allow_guest_pastes: false,
      paste_storage_per_key: '100',
      paste_storage_per_key_unit: 'MB',
      paste_storage_total: '1',
      paste_storage_total_unit: 'GB',
    });
    expect(
      settingsToForm([row('paste_storage_per_key_mb', '2048'), row('paste_storage_total_mb', '300'), row('max_upload_size', 'x')]),
    ).toMatchObject({
      max_upload_size: '100',
      paste_storage_per_key: '2',
      paste_storage_per_key_unit: 'GB',
      paste_storage_total: '300',
      paste_storage_total_unit: 'MB',
    });
  });

  it('validates through the kernel: positive integer, KB rounded down to MB', () => {
    expect(validateSettingsForm(settingsFormInput({ max_upload_size: '0', max_upload_size_unit: 'MB' })).errors.max_upload_size?.key).toBe(
      'settingsMaxUploadSizeNotPositiveInteger',
    );
    expect(validateSettingsForm(settingsFormInput({ max_upload_size: '', max_upload_size_unit: 'MB' })).errors.max_upload_size?.key).toBe(
      'settingsMaxUploadSizeRequired',
    );
    expect(
      validateSettingsForm(settingsFormInput({ max_upload_size: '2048', max_upload_size_unit: 'KB', webdav_upload_mode: 'direct' })).value,
    ).toEqual({
      max_upload_size: 2,
      webdav_upload_mode: 'direct',
    });
  });
});
