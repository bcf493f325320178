import { validateMountForm } from '@cloudclip/shared-kernel';
import { mountFormInput, mountToForm, requestMounts } from './mount-request';

describe('mount adapters', () => {
  it('lists every mount for the admin and the visible ones for a key (unpaginated)', async () => {
    const api = {
      adminList: jest.fn().mockResolvedValue([{ id: 'm1' }, { id: 'm2' }]),
      userList: jest.fn().mockResolvedValue([{ id: 'm1' }]),
    };
    await expect(requestMounts(api, 'admin')).resolves.toEqual({ data: [{ id: 'm1' }, { id: 'm2' }], total: 2, success: true });
    await expect(requestMounts(api, 'user')).resolves.toEqual({ data: [{ id: 'm1' }], total: 1, success: true });
    expect(api.userList).toHaveBeenCalledTimes(1);
  });

  it('fills a new mount with the defaults and validates to the create body', () => {
    const values = { ...mountToForm(null, 'cfg1'), name: 'Photos', mount_path: '/photos' };
    const result = validateMountForm(mountFormInput(values));
    expect(result.valid).toBe(true);
    expect(result.value).toEqual({
      name: 'Photos',
      storage_type: 'S3',
      storage_config_id: 'cfg1',
      mount_path: '/photos',
      remark: null,
      cache_ttl: 300,
      sort_order: 0,
      is_active: true,
    });
  });

  it('reports the spec §5 mount errors through the kernel validator', () => {
    const values = { ...mountToForm(null), name: 'x'.repeat(51), mount_path: '/api/x', cache_ttl: '86401', sort_order: '1.5' };
    const { errors } = validateMountForm(mountFormInput(values));
    expect(errors.name?.key).toBe('mountNameTooLong');
    expect(errors.storage_config_id?.key).toBe('mountS3ConfigRequired');
    expect(errors.mount_path?.key).toBe('mountPathReserved');
    expect(errors.cache_ttl?.key).toBe('mountCacheTtlTooLarge');
    expect(errors.sort_order?.key).toBe('mountSortOrderNotInteger');
  });
});
