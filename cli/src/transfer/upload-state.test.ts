import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadUploadState, presignedUrlExpiry, saveUploadState, uploadStateDir, uploadStateFile, type UploadState } from './upload-state';

describe('upload state', () => {
  it('lives in CLOUDCLIP_STATE_DIR, else $XDG_STATE_HOME/cloudclip/uploads', () => {
    expect(uploadStateDir({ CLOUDCLIP_STATE_DIR: '/t/s' })).toBe('/t/s');
    expect(uploadStateDir({ XDG_STATE_HOME: '/x' })).toBe(join('/x', 'cloudclip', 'uploads'));
  });

  it('names the file after path, size and modification time', () => {
    const a = uploadStateFile('/d', '/f', 10, 1000);
    expect(a).toMatch(/^\/d\/[0-9a-f]{64}\.json$/);
    expect(uploadStateFile('/d', '/f', 10, 1000)).toBe(a);
    expect(uploadStateFile('/d', '/f', 11, 1000)).not.toBe(a);
    expect(uploadStateFile('/d', '/f', 10, 2000)).not.toBe(a);
  });

  it('saves with mode 0600 and reads back; a broken file counts as none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cc-state-'));
    try {
      const file = join(dir, 'uploads', 's.json');
      const state = { version: 1, parts: [], done: [], fileId: 'f' } as unknown as UploadState;
      await saveUploadState(file, join(dir, 'uploads'), state);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await loadUploadState(file)).toEqual(state);
      expect(await loadUploadState(join(dir, 'missing.json'))).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads when a presigned URL expires (S3 v4, local storage), else nothing', () => {
    expect(presignedUrlExpiry('https://b/k?X-Amz-Date=20260102T030405Z&X-Amz-Expires=3600')).toBe(Date.parse('2026-01-02T04:04:05Z'));
    expect(presignedUrlExpiry('http://h/api/storage/local/c/k?expires=1800000000&signature=ab')).toBe(1_800_000_000_000);
    expect(presignedUrlExpiry('https://b/k?sig=1')).toBeUndefined();
  });
});
