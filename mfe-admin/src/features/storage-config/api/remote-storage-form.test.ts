import { hostKeyFileFor, sftpEndpoint } from './remote-storage-form';
import { buildStorageConfigCreate, buildStorageConfigUpdate, storageConfigToForm, validateStorageConfigForm } from './storage-config-form';

const FINGERPRINT = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';
const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';

const webdav = {
  name: 'NAS',
  provider_type: 'WebDAV',
  endpoint_url: ' https://nas.example/dav/ ',
  access_key_id: 'alice',
  secret_access_key: 'pw',
  bucket_name: '',
  custom_host: 'https://cdn.example',
  region: 'eu',
  path_style: true,
};

const sftp = {
  name: 'Box',
  provider_type: 'SFTP',
  sftp_host: 'files.example.org',
  sftp_port: '2222',
  access_key_id: 'bob',
  sftp_auth: 'password' as const,
  secret_access_key: 'pw',
  host_key_sha256: FINGERPRINT,
  host_key_fetched: '',
  host_key_confirmed: false,
  bucket_name: 'srv/files',
};

const storedSftp = {
  id: 's',
  name: 'Box',
  provider_type: 'SFTP',
  driver: 'sftp',
  endpoint_url: 'sftp://[::1]:2222',
  bucket_name: 'data',
  region: '',
  path_style: 0 as const,
  default_folder: '',
  is_public: 0 as const,
  is_default: 0 as const,
  total_storage_bytes: 5 * 1024 ** 3,
  custom_host: null,
  signature_expires_in: 3600,
  host_key_sha256: FINGERPRINT,
  created_at: '',
  updated_at: '',
};

describe('WebDAV configs in the storage form', () => {
  it('requires the server URL, user and password on create, not the base folder', () => {
    expect(validateStorageConfigForm({ name: 'NAS', provider_type: 'WebDAV' }, 'create')).toEqual({
      endpoint_url: 'storage.errWebDavUrlRequired',
      access_key_id: 'storage.errUserRequired',
      secret_access_key: 'storage.errPasswordRequired',
    });
    expect(validateStorageConfigForm(webdav, 'create')).toEqual({});
    expect(validateStorageConfigForm({ ...webdav, endpoint_url: 'ftp://nas' }, 'create')).toEqual({
      endpoint_url: 'storage.errEndpointInvalid',
    });
  });

  it('maps to endpoint_url, access_key_id, secret_access_key and bucket_name without the S3-only fields', () => {
    expect(buildStorageConfigCreate(webdav)).toEqual({
      name: 'NAS',
      provider_type: 'WebDAV',
      default_folder: '',
      is_public: false,
      endpoint_url: 'https://nas.example/dav/',
      access_key_id: 'alice',
      secret_access_key: 'pw',
      bucket_name: '',
    });
  });

  it('keeps the stored user and password when left blank on edit', () => {
    expect(validateStorageConfigForm({ ...webdav, access_key_id: '', secret_access_key: '' }, 'edit')).toEqual({});
    const body = buildStorageConfigUpdate({ ...webdav, access_key_id: '', secret_access_key: '' });
    expect(body).toMatchObject({ provider_type: 'WebDAV', endpoint_url: 'https://nas.example/dav/', bucket_name: '' });
    for (const field of ['access_key_id', 'secret_access_key', 'custom_host', 'region', 'path_style'])
      expect(body).not.toHaveProperty(field);
  });
});

describe('SFTP configs in the storage form', () => {
  it('builds sftp://host:port, with port 22 by default and IPv6 in brackets', () => {
    expect(sftpEndpoint({ sftp_host: ' files.example.org ', sftp_port: '' })).toBe('sftp://files.example.org:22');
    expect(sftpEndpoint({ sftp_host: '::1', sftp_port: 2222 })).toBe('sftp://[::1]:2222');
    expect(sftpEndpoint({ sftp_host: 'sftp://files.example.org', sftp_port: '22' })).toBeNull();
    expect(sftpEndpoint({ sftp_host: 'files.example.org', sftp_port: '70000' })).toBeNull();
  });

  it('maps a password config to the wire fields with the pinned host key', () => {
    expect(buildStorageConfigCreate(sftp)).toMatchObject({
      provider_type: 'SFTP',
      endpoint_url: 'sftp://files.example.org:2222',
      access_key_id: 'bob',
      secret_access_key: 'pw',
      host_key_sha256: FINGERPRINT,
      bucket_name: 'srv/files',
    });
  });

  it('sends the private key as the secret when key authentication is chosen', () => {
    const values = { ...sftp, sftp_auth: 'key' as const, secret_access_key: 'ignored', private_key: `  ${KEY}  ` };
    expect(validateStorageConfigForm(values, 'create')).toEqual({});
    expect(buildStorageConfigCreate(values)).toMatchObject({ secret_access_key: `${KEY}\n` });
    expect(validateStorageConfigForm({ ...values, private_key: 'ssh-ed25519 AAAA… (a public key)' }, 'create')).toEqual({
      private_key: 'storage.errPrivateKeyInvalid',
    });
    expect(validateStorageConfigForm({ ...values, private_key: '' }, 'create')).toEqual({ private_key: 'storage.errPrivateKeyRequired' });
  });

  it('checks host and port', () => {
    expect(validateStorageConfigForm({ ...sftp, sftp_host: '', sftp_port: '0' }, 'create')).toEqual({
      sftp_host: 'storage.errHostRequired',
      sftp_port: 'storage.errPortInvalid',
    });
    expect(validateStorageConfigForm({ ...sftp, sftp_host: 'bob@files.example.org' }, 'create')).toEqual({
      sftp_host: 'storage.errHostInvalid',
    });
  });

  it('cannot be saved without a host key fingerprint, and refuses a malformed one', () => {
    expect(validateStorageConfigForm({ ...sftp, host_key_sha256: '' }, 'create')).toEqual({
      host_key_sha256: 'storage.errHostKeyRequired',
    });
    expect(validateStorageConfigForm({ ...sftp, host_key_sha256: 'MD5:16:27:ac:a5:76:28' }, 'create')).toEqual({
      host_key_sha256: 'storage.errHostKeyInvalid',
    });
    expect(validateStorageConfigForm({ ...sftp, host_key_sha256: FINGERPRINT.slice(0, -1) }, 'create')).toEqual({
      host_key_sha256: 'storage.errHostKeyInvalid',
    });
  });

  it('needs the confirmation for a fetched fingerprint, not for a typed one', () => {
    const fetched = { ...sftp, host_key_fetched: FINGERPRINT };
    expect(validateStorageConfigForm(fetched, 'create')).toEqual({ host_key_confirmed: 'storage.errHostKeyUnconfirmed' });
    expect(validateStorageConfigForm({ ...fetched, host_key_confirmed: true }, 'create')).toEqual({});
    // Typed without the prefix and with padding: normalised on the wire.
    const typed = { ...sftp, host_key_sha256: `${FINGERPRINT.slice('SHA256:'.length)}=` };
    expect(validateStorageConfigForm(typed, 'create')).toEqual({});
    expect(buildStorageConfigCreate(typed)).toMatchObject({ host_key_sha256: FINGERPRINT });
  });

  it('fills the edit form from the stored endpoint and fingerprint, secrets blank and kept', () => {
    const form = storageConfigToForm(storedSftp);
    expect(form).toMatchObject({
      provider_type: 'SFTP',
      sftp_host: '::1',
      sftp_port: '2222',
      host_key_sha256: FINGERPRINT,
      access_key_id: '',
      secret_access_key: '',
    });
    expect(validateStorageConfigForm(form, 'edit')).toEqual({});
    const body = buildStorageConfigUpdate(form);
    expect(body).toMatchObject({ endpoint_url: 'sftp://[::1]:2222', host_key_sha256: FINGERPRINT, bucket_name: 'data' });
    expect(body).not.toHaveProperty('access_key_id');
    expect(body).not.toHaveProperty('secret_access_key');
  });

  it('names the host key file to compare for the key type', () => {
    expect(hostKeyFileFor('ssh-ed25519')).toBe('/etc/ssh/ssh_host_ed25519_key.pub');
    expect(hostKeyFileFor('ecdsa-sha2-nistp256')).toBe('/etc/ssh/ssh_host_ecdsa_key.pub');
    expect(hostKeyFileFor('rsa-sha2-512')).toBe('/etc/ssh/ssh_host_rsa_key.pub');
    expect(hostKeyFileFor('unknown')).toBe('/etc/ssh/ssh_host_*_key.pub');
  });
});
