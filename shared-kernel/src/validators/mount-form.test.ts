import { MOUNT_RESERVED_PATHS } from '@cloudclip/contract';
import { validateMountForm, validateMountPath, type MountFormInput } from './mount-form';

const validInput: MountFormInput = {
  name: 'Docs',
  storage_type: 'S3',
  storage_config_id: 'cfg-1',
  mount_path: '/docs',
  remark: '',
  cache_ttl: 300,
  sort_order: 0,
};

function errorsOf(overrides: Partial<MountFormInput>) {
  return validateMountForm({ ...validInput, ...overrides }).errors;
}

describe('validateMountPath', () => {
  it('accepts a simple path and the root path /', () => {
    expect(validateMountPath('/docs')).toEqual({ valid: true, value: '/docs', error: null });
    expect(validateMountPath('/').value).toBe('/');
  });

  it('accepts a mount path with Chinese characters', () => {
    expect(validateMountPath('/文档/共享').value).toBe('/文档/共享');
  });

  it('accepts letters, digits, underscores, hyphens and nested segments', () => {
    expect(validateMountPath('/My_Files-2025/a/B9').valid).toBe(true);
  });

  it('trims surrounding whitespace', () => {
    expect(validateMountPath('  /docs  ').value).toBe('/docs');
  });

  it('requires a path', () => {
    expect(validateMountPath('').error?.key).toBe('mountPathRequired');
    expect(validateMountPath('  ').error?.key).toBe('mountPathRequired');
    expect(validateMountPath(null).error?.key).toBe('mountPathRequired');
  });

  it('requires a leading slash', () => {
    expect(validateMountPath('docs').error?.key).toBe('mountPathMustStartWithSlash');
    expect(validateMountPath('文档/a').error?.key).toBe('mountPathMustStartWithSlash');
  });

  it('accepts a path of exactly 100 characters', () => {
    const path = `/${'a'.repeat(99)}`;
    expect(path).toHaveLength(100);
    expect(validateMountPath(path).valid).toBe(true);
  });

  it('refuses a path of 101 characters', () => {
    const result = validateMountPath(`/${'a'.repeat(100)}`);
    expect(result.error).toEqual({ ns: 'validation', key: 'mountPathTooLong', params: { max: 100 } });
  });

  it.each(['/my docs', '/a.b', '/a:b', '/a\\b', '/a?b', '/a%20b', '/a\u3000b', '/a\u200bb', '/a\u2215b', '/\uff0e\uff0e'])(
    'refuses the disallowed characters of %j',
    (path) => {
      expect(validateMountPath(path).error?.key).toBe('mountPathInvalidChars');
    },
  );

  it.each(['/文档', '/über', '/한국어', '/あいう'])('accepts the non-ASCII letters of %j, as the server does (contract §5.6)', (path) => {
    expect(validateMountPath(path)).toEqual({ valid: true, value: path.normalize('NFC'), error: null });
  });

  it('refuses consecutive slashes', () => {
    expect(validateMountPath('/a//b').error?.key).toBe('mountPathConsecutiveSlashes');
    expect(validateMountPath('//').error?.key).toBe('mountPathConsecutiveSlashes');
  });

  it('refuses a trailing slash except for the root path', () => {
    expect(validateMountPath('/docs/').error?.key).toBe('mountPathTrailingSlash');
  });

  it.each([...MOUNT_RESERVED_PATHS])('refuses the reserved path %s', (reserved) => {
    expect(validateMountPath(reserved).error).toEqual({ ns: 'validation', key: 'mountPathReserved', params: { path: reserved } });
  });

  it('refuses a mount path under /api', () => {
    expect(validateMountPath('/api/files').error).toEqual({ ns: 'validation', key: 'mountPathReserved', params: { path: '/api' } });
  });

  it('refuses a path under a reserved path deeper down', () => {
    expect(validateMountPath('/tmp/a/b').error?.params).toEqual({ path: '/tmp' });
  });

  it('refuses reserved paths in any letter case', () => {
    expect(validateMountPath('/API').error?.key).toBe('mountPathReserved');
    expect(validateMountPath('/Admin/x').error?.key).toBe('mountPathReserved');
  });

  it('accepts paths that only start with the same letters as a reserved path', () => {
    expect(validateMountPath('/apis').valid).toBe(true);
    expect(validateMountPath('/uploads').valid).toBe(true);
    expect(validateMountPath('/docs/api').valid).toBe(true);
    expect(validateMountPath('/binary').valid).toBe(true);
  });
});

describe('validateMountForm', () => {
  it('accepts a complete form and returns the normalised body', () => {
    const result = validateMountForm({ ...validInput, name: '  Docs  ', remark: '  team  ', cache_ttl: '600', sort_order: '-2' });
    expect(result).toEqual({
      valid: true,
      errors: {},
      value: {
        name: 'Docs',
        storage_type: 'S3',
        storage_config_id: 'cfg-1',
        mount_path: '/docs',
        remark: 'team',
        cache_ttl: 600,
        sort_order: -2,
        is_active: true,
      },
    });
  });

  it('uses the server defaults for empty cache TTL and sort order and null for a blank remark', () => {
    const result = validateMountForm({ ...validInput, cache_ttl: '', sort_order: null, remark: '  ', is_active: false });
    expect(result.value).toMatchObject({ cache_ttl: 300, sort_order: 0, remark: null, is_active: false });
  });

  it('requires a name', () => {
    expect(errorsOf({ name: '' }).name?.key).toBe('mountNameRequired');
    expect(errorsOf({ name: '   ' }).name?.key).toBe('mountNameRequired');
  });

  it('accepts a name of 50 characters', () => {
    expect(errorsOf({ name: 'n'.repeat(50) }).name).toBeUndefined();
  });

  it('refuses a name of 51 characters', () => {
    expect(errorsOf({ name: 'n'.repeat(51) }).name).toEqual({ ns: 'validation', key: 'mountNameTooLong', params: { max: 50 } });
  });

  it('measures the name after trimming', () => {
    expect(errorsOf({ name: `  ${'n'.repeat(50)}  ` }).name).toBeUndefined();
  });

  it('requires a storage type', () => {
    expect(errorsOf({ storage_type: '' }).storage_type?.key).toBe('mountStorageTypeRequired');
    expect(errorsOf({ storage_type: undefined }).storage_type?.key).toBe('mountStorageTypeRequired');
  });

  it('requires an S3 config', () => {
    expect(errorsOf({ storage_config_id: null }).storage_config_id?.key).toBe('mountS3ConfigRequired');
    expect(errorsOf({ storage_config_id: '' }).storage_config_id?.key).toBe('mountS3ConfigRequired');
  });

  it('reports mount path errors on the mount_path field', () => {
    expect(errorsOf({ mount_path: '/public/x' }).mount_path?.key).toBe('mountPathReserved');
  });

  it('accepts cache TTLs of 0 and 86400 seconds', () => {
    expect(errorsOf({ cache_ttl: 0 }).cache_ttl).toBeUndefined();
    expect(errorsOf({ cache_ttl: 86400 }).cache_ttl).toBeUndefined();
    expect(validateMountForm({ ...validInput, cache_ttl: '86400' }).value?.cache_ttl).toBe(86400);
  });

  it('refuses a cache TTL of 86401 seconds', () => {
    expect(errorsOf({ cache_ttl: 86401 }).cache_ttl).toEqual({ ns: 'validation', key: 'mountCacheTtlTooLarge', params: { max: 86400 } });
  });

  it('refuses a negative cache TTL', () => {
    expect(errorsOf({ cache_ttl: -1 }).cache_ttl?.key).toBe('mountCacheTtlNegative');
  });

  it('refuses a fractional or non-numeric cache TTL', () => {
    expect(errorsOf({ cache_ttl: 1.5 }).cache_ttl?.key).toBe('mountCacheTtlNotInteger');
    expect(errorsOf({ cache_ttl: 'abc' }).cache_ttl?.key).toBe('mountCacheTtlNotInteger');
  });

  it('accepts a negative sort order', () => {
    expect(validateMountForm({ ...validInput, sort_order: -10 }).value?.sort_order).toBe(-10);
  });

  it('refuses a fractional or non-numeric sort order', () => {
    expect(errorsOf({ sort_order: 0.5 }).sort_order?.key).toBe('mountSortOrderNotInteger');
    expect(errorsOf({ sort_order: 'first' }).sort_order?.key).toBe('mountSortOrderNotInteger');
  });

  it('reports every failing field at once and returns no value', () => {
    const result = validateMountForm({ name: '', storage_type: '', storage_config_id: '', mount_path: '', cache_ttl: -1, sort_order: 'x' });
    expect(result.valid).toBe(false);
    expect(result.value).toBeNull();
    expect(Object.keys(result.errors).sort()).toEqual([
      'cache_ttl',
      'mount_path',
      'name',
      'sort_order',
      'storage_config_id',
      'storage_type',
    ]);
  });
});
