import { buildStorageConfigCreate, buildStorageConfigUpdate, storageConfigToForm, validateStorageConfigForm } from './storage-config-form';

const s3 = {
  name: 'Bucket',
  provider_type: 'Other',
  endpoint_url: 'http://127.0.0.1:9000',
  bucket_name: 'b',
  access_key_id: 'AK',
  secret_access_key: 'SK',
  path_style: true,
  quota: '2',
  quota_unit: 'GB' as const,
};

describe('storage config form', () => {
  it('requires the S3 fields on create and only the name for Local', () => {
    expect(validateStorageConfigForm({ provider_type: 'Other' }, 'create')).toEqual({
      name: 'storage.errNameRequired',
      endpoint_url: 'storage.errEndpointRequired',
      bucket_name: 'storage.errBucketRequired',
      access_key_id: 'storage.errAccessKeyRequired',
      secret_access_key: 'storage.errSecretRequired',
    });
    expect(validateStorageConfigForm({ provider_type: 'Local', name: 'Disk' }, 'create')).toEqual({});
  });

  it('keeps stored secrets on edit and checks URLs and numbers', () => {
    expect(validateStorageConfigForm({ ...s3, access_key_id: '', secret_access_key: '' }, 'edit')).toEqual({});
    expect(
      validateStorageConfigForm({ ...s3, endpoint_url: 'ftp://x', custom_host: 'nope', quota: '1.5', signature_expires_in: '0' }, 'create'),
    ).toEqual({
      endpoint_url: 'storage.errEndpointInvalid',
      custom_host: 'storage.errCustomHostInvalid',
      quota: 'storage.errQuotaInvalid',
      signature_expires_in: 'storage.errSignatureInvalid',
    });
  });

  it('builds the create bodies of S3 and Local configs', () => {
    expect(buildStorageConfigCreate(s3)).toMatchObject({
      provider_type: 'Other',
      endpoint_url: 'http://127.0.0.1:9000',
      access_key_id: 'AK',
      path_style: true,
      total_storage_bytes: 2 * 1024 ** 3,
    });
    const local = buildStorageConfigCreate({ name: ' Disk ', provider_type: 'local', is_public: true });
    expect(local).toEqual({ name: 'Disk', provider_type: 'Local', default_folder: '', is_public: true });
  });

  it('omits blank secrets from the update and resets an empty quota', () => {
    const body = buildStorageConfigUpdate({ ...s3, access_key_id: '', secret_access_key: '', quota: '' });
    expect(body).not.toHaveProperty('access_key_id');
    expect(body).not.toHaveProperty('secret_access_key');
    expect(body.total_storage_bytes).toBeNull();
  });

  it('fills the form from a config without its secrets', () => {
    const form = storageConfigToForm({
      id: 'c',
      name: 'R2',
      provider_type: 'Cloudflare R2',
      endpoint_url: 'https://r2',
      bucket_name: 'b',
      region: '',
      path_style: 0,
      default_folder: '',
      is_public: 1,
      is_default: 1,
      total_storage_bytes: 10 * 1024 ** 3,
      custom_host: null,
      signature_expires_in: 3600,
      created_at: '',
      updated_at: '',
    });
    expect(form).toMatchObject({ quota: '10', quota_unit: 'GB', access_key_id: '', is_public: true, path_style: false });
  });
});
