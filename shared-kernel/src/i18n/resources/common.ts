/**
 * Texts owned by the kernel and the shell (namespace `common`). Same keys in both languages.
 * `actions` and `expiry` are the words every app uses the same way: an app asks for them as
 * `t('common:actions.cancel')` instead of keeping its own copy.
 */
export const commonResources = {
  'zh-CN': {
    product: { name: 'Cloudclip', tagline: '自托管的在线剪贴板与文件分享' },
    actions: {
      cancel: '取消',
      save: '保存',
      edit: '编辑',
      delete: '删除',
      close: '关闭',
      retry: '重试',
      loading: '加载中…',
      copied: '已复制',
      copyFailed: '复制失败',
      goToLogin: '前往登录',
    },
    /** The admin modules' names (ADMIN_MODULES): the host's page titles, mfe-admin's menu and headings. */
    adminModules: {
      dashboard: '仪表盘',
      'text-management': '文本管理',
      'file-management': '文件管理',
      'storage-config': '存储配置',
      'mount-management': '挂载管理',
      'key-management': '密钥管理',
      settings: '系统设置',
      backup: '备份',
    },
    /** The share expiry options (PASTE_EXPIRY_OPTIONS). */
    expiry: { '1h': '1 小时', '1d': '1 天', '7d': '7 天', '30d': '30 天', never: '永不过期' },
    /**
     * Why an addition to the legacy contract is not offered (`useServerFeature`): the backend does not
     * list it in `GET /version` features, or that answer is not in yet. `feature` is the app's own name of it.
     */
    serverFeatures: {
      unsupported: '此服务器不支持{{feature}}。',
      checking: '正在确认此服务器是否支持…',
    },
    errors: {
      requestFailed: '请求失败',
      wrongPassword: '密码错误',
      verificationFailed: '验证失败',
      adminSessionExpired: '管理员登录已过期，请重新登录',
      apiKeyInvalid: 'API密钥无效或已过期',
      unauthorized: '未授权，请登录后重试',
      slugTaken: '链接后缀已被占用，请换一个',
      httpError: 'HTTP错误 {{status}}: {{text}}',
      storageFull: '服务器的存储空间已满，请删除不再需要的文件，或请管理员释放空间后重试',
      timeout: '请求超时',
      network: '网络错误，请检查网络连接后重试',
      cancelled: '请求已取消',
      uploadCancelled: '上传已取消',
      downloadCancelled: '下载已取消',
      copyCancelled: '复制已取消',
      presignFailed: '获取预签名URL失败',
      partFailed: '分片 {{part}} 上传失败',
      noFilesToCopy: '没有找到要复制的文件',
      noFilesCopied: '没有文件复制成功',
      tokenMissing: '登录响应中未找到令牌',
      loginFailed: '登录失败',
      invalidResponse: '响应格式无效',
      serverError: '服务器错误，请稍后重试',
      keyValidationFailed: 'API密钥验证失败',
      keyPermissionsFailed: '无法获取API密钥权限',
    },
  },
  'en-US': {
    product: { name: 'Cloudclip', tagline: 'Self-hosted online clipboard and file sharing' },
    actions: {
      cancel: 'Cancel',
      save: 'Save',
      edit: 'Edit',
      delete: 'Delete',
      close: 'Close',
      retry: 'Retry',
      loading: 'Loading…',
      copied: 'Copied',
      copyFailed: 'Copy failed',
      goToLogin: 'Go to login',
    },
    adminModules: {
      dashboard: 'Dashboard',
      'text-management': 'Text management',
      'file-management': 'File management',
      'storage-config': 'Storage config',
      'mount-management': 'Mount management',
      'key-management': 'Key management',
      settings: 'Settings',
      backup: 'Backup',
    },
    /** The share expiry options (PASTE_EXPIRY_OPTIONS). */
    expiry: { '1h': '1 hour', '1d': '1 day', '7d': '7 days', '30d': '30 days', never: 'Never' },
    serverFeatures: {
      unsupported: 'This server does not support {{feature}}.',
      checking: 'Checking whether this server supports it…',
    },
    errors: {
      requestFailed: 'Request failed',
      wrongPassword: 'Wrong password',
      verificationFailed: 'Verification failed',
      adminSessionExpired: 'Your admin session has expired, please log in again',
      apiKeyInvalid: 'The API key is invalid or has expired',
      unauthorized: 'Unauthorized, please log in and retry',
      slugTaken: 'This link suffix is already taken, try another',
      httpError: 'HTTP error {{status}}: {{text}}',
      storageFull:
        "The server's storage is full. Delete files you no longer need or ask the administrator to free some space, then try again",
      timeout: 'The request timed out',
      network: 'Network error, check your connection and retry',
      cancelled: 'Request cancelled',
      uploadCancelled: 'Upload cancelled',
      downloadCancelled: 'Download cancelled',
      copyCancelled: 'Copy cancelled',
      presignFailed: 'Failed to get a presigned URL',
      partFailed: 'Upload of part {{part}} failed',
      noFilesToCopy: 'No files found to copy',
      noFilesCopied: 'No files were copied',
      tokenMissing: 'No token found in the login response',
      loginFailed: 'Login failed',
      invalidResponse: 'Invalid response format',
      serverError: 'Server error, please try again later',
      keyValidationFailed: 'API key validation failed',
      keyPermissionsFailed: 'Could not read the API key permissions',
    },
  },
} as const;
