import {
  ACCOUNT_CHANGE_LOGOUT_DELAY_MS,
  ADMIN_PASTE_PAGE,
  API_KEY_DEFAULT_BASIC_PATH,
  API_KEY_EXPIRY_OPTIONS,
  BROWSER_CHINESE_LANGUAGE_PREFIX,
  BYTES_PER_GB,
  BYTES_PER_KB,
  BYTES_PER_MB,
  CREDENTIAL_STALE_MS,
  DEFAULT_BACKEND_URL,
  DEFAULT_LANGUAGE,
  DEFAULT_THEME_MODE,
  FALLBACK_LANGUAGE,
  FILE_LINK_DEFAULT_EXPIRES_SECONDS,
  FILE_LIST_PAGE,
  FS_MULTIPART_PART_TIMEOUT_MS,
  LANGUAGES,
  MARKDOWN_EXTENSIONS,
  MARKDOWN_IMPORT_MAX_BYTES,
  MESSAGE_LIBRARY_DEFAULT_LANGUAGE,
  PASTE_EXPIRY_OPTIONS,
  RECENT_UPLOADS_COUNT,
  RECOMMENDED_MAX_UPLOAD_SIZE_MB,
  SIZE_UNIT_BYTES,
  SIZE_UNITS,
  THEME_MODES,
  UPLOAD_ITEM_STATES,
  UPLOAD_PHASES,
  URL_MULTIPART_CONCURRENCY,
  URL_UPLOAD_PROGRESS,
  USER_PASTE_PAGE,
} from './constants';
import {
  DEFAULT_MAX_UPLOAD_SIZE_MB,
  DEFAULT_WEBDAV_UPLOAD_MODE,
  MOUNT_CACHE_TTL_DEFAULT_SECONDS,
  MOUNT_CACHE_TTL_MAX_SECONDS,
  MOUNT_NAME_MAX_LENGTH,
  MOUNT_PATH_MAX_LENGTH,
  MOUNT_RESERVED_PATHS,
  MOUNT_SORT_ORDER_DEFAULT,
  MOUNT_STORAGE_TYPES,
  MULTIPART_PART_BYTES,
  NEVER_EXPIRES_AT,
  WEBDAV_UPLOAD_MODES,
} from '@cloudclip/contract';

describe('business constants (spec §9)', () => {
  it('falls back to the contract default backend', () => {
    expect(DEFAULT_BACKEND_URL).toBe('http://localhost:8787');
  });

  it('uses binary size units', () => {
    expect([BYTES_PER_KB, BYTES_PER_MB, BYTES_PER_GB]).toEqual([1024, 1048576, 1073741824]);
    expect(SIZE_UNITS).toEqual(['KB', 'MB', 'GB']);
    expect(SIZE_UNIT_BYTES).toEqual({ KB: 1024, MB: 1048576, GB: 1073741824 });
  });

  it('falls back to a 100 MB upload limit and recommends 64–100 MB', () => {
    expect(DEFAULT_MAX_UPLOAD_SIZE_MB).toBe(100);
    expect(RECOMMENDED_MAX_UPLOAD_SIZE_MB).toEqual({ min: 64, max: 100 });
  });

  it('offers the four WebDAV upload modes, auto by default', () => {
    expect(WEBDAV_UPLOAD_MODES).toEqual(['auto', 'proxy', 'multipart', 'direct']);
    expect(DEFAULT_WEBDAV_UPLOAD_MODE).toBe('auto');
  });

  it('limits the Markdown import to 10 MB and the listed extensions', () => {
    expect(MARKDOWN_IMPORT_MAX_BYTES).toBe(10485760);
    expect(MARKDOWN_EXTENSIONS).toEqual(['.md', '.markdown', '.mdown', '.mkd', '.mdwn', '.mdtxt', '.mdtext', '.rmd']);
  });

  it('limits mounts as the contract says', () => {
    expect(MOUNT_CACHE_TTL_MAX_SECONDS).toBe(86400);
    expect(MOUNT_CACHE_TTL_DEFAULT_SECONDS).toBe(300);
    expect(MOUNT_NAME_MAX_LENGTH).toBe(50);
    expect(MOUNT_PATH_MAX_LENGTH).toBe(100);
    expect(MOUNT_SORT_ORDER_DEFAULT).toBe(0);
    expect(MOUNT_STORAGE_TYPES).toEqual(['S3']);
  });

  it('reserves the contract list of system paths', () => {
    expect(MOUNT_RESERVED_PATHS.join(' ')).toBe(
      '/bin /etc /lib /root /sys /proc /dev /tmp /opt /var /api /admin /user /auth /public /static /assets /upload',
    );
  });

  it('uploads multipart parts of 5 MiB with a 5-minute part timeout and 3 parallel URL parts', () => {
    expect(MULTIPART_PART_BYTES).toBe(5 * 1024 * 1024);
    expect(FS_MULTIPART_PART_TIMEOUT_MS).toBe(300000);
    expect(URL_MULTIPART_CONCURRENCY).toBe(3);
  });

  it('maps URL download to 0–49 % and upload to 50–99 %, contiguous', () => {
    expect(URL_UPLOAD_PROGRESS).toEqual({ download: [0, 49], upload: [50, 99] });
    expect(URL_UPLOAD_PROGRESS.upload[0]).toBe(URL_UPLOAD_PROGRESS.download[1] + 1);
  });

  it('gives file links 7 days by default', () => {
    expect(FILE_LINK_DEFAULT_EXPIRES_SECONDS).toBe(7 * 24 * 60 * 60);
  });

  it('paginates pastes and files with the legacy defaults', () => {
    expect(ADMIN_PASTE_PAGE).toEqual({ page: 1, limit: 10 });
    expect(USER_PASTE_PAGE).toEqual({ limit: 10, offset: 0 });
    expect(FILE_LIST_PAGE).toEqual({ limit: 50, offset: 0 });
  });

  it('shows 3 recent uploads and logs out 3 s after an account change', () => {
    expect(RECENT_UPLOADS_COUNT).toBe(3);
    expect(ACCOUNT_CHANGE_LOGOUT_DELAY_MS).toBe(3000);
  });

  it('offers paste expiries of 1 h, 1 d, 7 d, 30 d and never with matching hours', () => {
    expect(PASTE_EXPIRY_OPTIONS).toEqual([
      { id: '1h', hours: 1 },
      { id: '1d', hours: 24 },
      { id: '7d', hours: 168 },
      { id: '30d', hours: 720 },
      { id: 'never', hours: null },
    ]);
  });

  it('offers API key expiries of 1 d, 7 d, 30 d, never and custom', () => {
    expect(API_KEY_EXPIRY_OPTIONS.map((option) => option.id)).toEqual(['1d', '7d', '30d', 'never', 'custom']);
    expect(API_KEY_EXPIRY_OPTIONS.map((option) => option.days)).toEqual([1, 7, 30, null, null]);
  });

  it('uses the contract value for keys that never expire', () => {
    expect(NEVER_EXPIRES_AT).toBe('9999-12-31T23:59:59.000Z');
    expect(new Date(NEVER_EXPIRES_AT).toISOString()).toBe(NEVER_EXPIRES_AT);
    expect(API_KEY_DEFAULT_BASIC_PATH).toBe('/');
  });

  it('considers credentials stale after 5 minutes', () => {
    expect(CREDENTIAL_STALE_MS).toBe(300000);
  });

  it('lists upload item states and phases in order', () => {
    expect(UPLOAD_ITEM_STATES).toEqual(['pending', 'uploading', 'success', 'error', 'cancelled']);
    expect(UPLOAD_PHASES).toEqual(['preparing', 'initializing', 'starting', 'downloading', 'uploading', 'finalizing', 'completed']);
  });

  it('cycles themes auto → light → dark, starting at auto', () => {
    expect(THEME_MODES).toEqual(['auto', 'light', 'dark']);
    expect(DEFAULT_THEME_MODE).toBe('auto');
  });

  it('offers zh-CN and en-US, falls back to zh-CN, and the message library defaults to en-US', () => {
    expect(LANGUAGES).toEqual(['zh-CN', 'en-US']);
    expect(DEFAULT_LANGUAGE).toBe('zh-CN');
    expect(FALLBACK_LANGUAGE).toBe('zh-CN');
    expect(MESSAGE_LIBRARY_DEFAULT_LANGUAGE).toBe('en-US');
    expect(BROWSER_CHINESE_LANGUAGE_PREFIX).toBe('zh');
  });
});

describe('constants are immutable at run time', () => {
  it.each([
    ['SIZE_UNITS', SIZE_UNITS],
    ['SIZE_UNIT_BYTES', SIZE_UNIT_BYTES],
    ['MARKDOWN_EXTENSIONS', MARKDOWN_EXTENSIONS],
    ['MOUNT_RESERVED_PATHS', MOUNT_RESERVED_PATHS],
    ['URL_UPLOAD_PROGRESS', URL_UPLOAD_PROGRESS],
    ['URL_UPLOAD_PROGRESS.download', URL_UPLOAD_PROGRESS.download],
    ['PASTE_EXPIRY_OPTIONS', PASTE_EXPIRY_OPTIONS],
    ['PASTE_EXPIRY_OPTIONS[0]', PASTE_EXPIRY_OPTIONS[0]],
    ['API_KEY_EXPIRY_OPTIONS[4]', API_KEY_EXPIRY_OPTIONS[4]],
    ['ADMIN_PASTE_PAGE', ADMIN_PASTE_PAGE],
    ['LANGUAGES', LANGUAGES],
    ['THEME_MODES', THEME_MODES],
  ])('freezes %s', (_name, value) => {
    expect(Object.isFrozen(value)).toBe(true);
  });

  it('throws when a consumer tries to change a shared list', () => {
    expect(() => {
      (MOUNT_RESERVED_PATHS as unknown as string[]).push('/home');
    }).toThrow(TypeError);
    expect(MOUNT_RESERVED_PATHS).not.toContain('/home');
  });
});
