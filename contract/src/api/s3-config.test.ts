import { LOCAL_STORAGE_PROVIDER_TYPE, isLocalStorageConfig } from './s3-config';

describe('isLocalStorageConfig', () => {
  it('trusts the driver the server reports', () => {
    expect(isLocalStorageConfig({ driver: 'local', provider_type: 'Other' })).toBe(true);
    expect(isLocalStorageConfig({ driver: 's3', provider_type: 'Local' })).toBe(false);
  });

  it('falls back to the provider type, in any case, when no driver is reported', () => {
    expect(isLocalStorageConfig({ provider_type: LOCAL_STORAGE_PROVIDER_TYPE })).toBe(true);
    expect(isLocalStorageConfig({ provider_type: ' local ' })).toBe(true);
    expect(isLocalStorageConfig({ provider_type: 'Cloudflare R2' })).toBe(false);
    expect(isLocalStorageConfig({ provider_type: null })).toBe(false);
  });
});
