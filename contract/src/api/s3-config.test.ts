import {
  LOCAL_STORAGE_PROVIDER_TYPE,
  SFTP_STORAGE_PROVIDER_TYPE,
  WEBDAV_STORAGE_PROVIDER_TYPE,
  isLocalStorageConfig,
  normaliseHostKeySha256,
  storageDriverOf,
} from './s3-config';

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

describe('storageDriverOf', () => {
  it('trusts the driver the server reports', () => {
    expect(storageDriverOf({ driver: 'sftp', provider_type: 'Other' })).toBe('sftp');
  });

  it('derives webdav, sftp, local and s3 from the provider type in any case', () => {
    expect(storageDriverOf({ provider_type: WEBDAV_STORAGE_PROVIDER_TYPE })).toBe('webdav');
    expect(storageDriverOf({ provider_type: ' webdav ' })).toBe('webdav');
    expect(storageDriverOf({ provider_type: 'sftp' })).toBe('sftp');
    expect(storageDriverOf({ provider_type: SFTP_STORAGE_PROVIDER_TYPE })).toBe('sftp');
    expect(storageDriverOf({ provider_type: 'LOCAL' })).toBe('local');
    expect(storageDriverOf({ provider_type: 'Cloudflare R2' })).toBe('s3');
    expect(storageDriverOf({})).toBe('s3');
  });
});

describe('normaliseHostKeySha256', () => {
  const body = 'nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';

  it('accepts the form ssh-keygen -l prints, with or without prefix and padding', () => {
    expect(normaliseHostKeySha256(`SHA256:${body}`)).toBe(`SHA256:${body}`);
    expect(normaliseHostKeySha256(` sha256:${body}= `)).toBe(`SHA256:${body}`);
    expect(normaliseHostKeySha256(body)).toBe(`SHA256:${body}`);
  });

  it('refuses MD5 fingerprints, truncated ones and empty values', () => {
    expect(normaliseHostKeySha256('MD5:16:27:ac:a5:76:28:2d:36:63:1b:56:4d:eb:df:a6:48')).toBeNull();
    expect(normaliseHostKeySha256(`SHA256:${body.slice(1)}`)).toBeNull();
    expect(normaliseHostKeySha256(`SHA256:${body.slice(1)}!`)).toBeNull();
    expect(normaliseHostKeySha256('')).toBeNull();
    expect(normaliseHostKeySha256(null)).toBeNull();
  });
});
