/**
 * Every human-readable `message` the API sends, in one place.
 * The contract (§0) says messages are Chinese text and not a stable API: clients branch on
 * HTTP status / `code`, never on these strings. Chinese is the default; English is chosen
 * when the request's Accept-Language prefers it (see ./locale.ts).
 *
 * Placeholders are written `{name}` and filled by `translate()`.
 */

const zhCN = {
  // generic
  'common.ok': '操作成功',
  'error.notFound': '请求的资源不存在',
  'error.internal': '服务器内部错误，请稍后重试',
  'error.badRequest': '请求无效',
  'error.malformedJson': '请求体不是有效的 JSON',
  'error.unsupportedMediaType': '不支持的请求内容类型',
  'error.payloadTooLarge': '请求体过大',
  'error.tooManyRequests': '请求过于频繁，请在 {seconds} 秒后重试',

  // validation
  'validation.bodyMustBeObject': '请求体必须是 JSON 对象',
  'validation.missingFields': '缺少必填字段：{fields}',
  'validation.invalidField': '字段 {field} 的值无效',

  // auth
  'auth.loginSuccess': '登录成功',
  'auth.logoutSuccess': '已退出登录',
  'auth.invalidCredentials': '用户名或密码错误',
  'auth.tooManyLoginAttempts': '登录尝试次数过多，请在 {seconds} 秒后重试',
  'auth.authenticationRequired': '需要认证，请提供有效的凭据',
  'auth.adminRequired': '需要管理员权限',
  'auth.textPermissionRequired': '当前 API 密钥没有文本权限',
  'auth.filePermissionRequired': '当前 API 密钥没有文件权限',
  'auth.mountPermissionRequired': '当前 API 密钥没有挂载权限',
  'auth.adminTokenValid': '管理员令牌有效',
  'auth.adminTokenInvalid': '管理员令牌无效或已过期，请重新登录',
  'auth.apiKeyIsNotAdmin': '当前凭据是 API 密钥，不是管理员令牌',
  'auth.apiKeyValid': 'API 密钥验证成功',
  'auth.apiKeyRequired': '此接口需要使用 API 密钥访问，管理员令牌不适用',
  'auth.credentialsChanged': '账户信息已更新，请重新登录',
  'auth.currentPasswordWrong': '当前密码错误',
  'auth.newPasswordSameAsCurrent': '新密码不能与当前密码相同',
  'auth.newCredentialRequired': '请提供新密码或新用户名',
  'auth.usernameTaken': '该用户名已被使用',

  // API keys
  'apiKey.listed': '获取 API 密钥列表成功',
  'apiKey.created': 'API 密钥创建成功',
  'apiKey.updated': 'API 密钥已更新',
  'apiKey.deleted': 'API 密钥已删除',
  'apiKey.notFound': 'API 密钥不存在',
  'apiKey.nameRequired': '密钥名称不能为空',
  'apiKey.nameTaken': '该密钥名称已存在',
  'apiKey.customKeyInvalid': '自定义密钥只能包含字母、数字、下划线和短横线',
  'apiKey.keyTaken': '该密钥已存在',
  'apiKey.keyGenerationFailed': '无法生成唯一的密钥，请重试',
  'apiKey.expiresAtInvalid': '过期时间格式无效',
  'apiKey.mountRequiresFile': '挂载权限需要同时开启文件权限',
  'apiKey.nothingToUpdate': '没有需要更新的字段',

  // pastes
  'paste.notFound': '文本分享不存在',
  'paste.expired': '文本分享已过期',
  'paste.viewLimitReached': '文本分享已达到最大查看次数',
  'paste.slugTaken': '该链接后缀已被占用，请换一个',
  'paste.slugInvalid': '链接后缀只能包含字母、数字、下划线和短横线',
  'paste.slugGenerationFailed': '无法生成唯一的链接后缀，请重试',
  'paste.expiresAtInvalid': '过期时间格式无效',
  'paste.passwordRequired': '此文本分享需要密码',
  'paste.notProtected': '此文本分享没有设置密码',
  'paste.wrongPassword': '密码错误',
  'paste.listed': '获取文本分享列表成功',
  'paste.fetched': '获取文本分享成功',
  'paste.updated': '文本分享已更新',
  'paste.deleted': '文本分享已删除',
  'paste.batchDeleted': '已删除 {count} 条文本分享',
  'paste.expiredCleared': '已清理 {count} 条过期的文本分享',

  // storage configurations (S3 configs) and storage drivers
  's3Config.listed': '获取存储配置列表成功',
  's3Config.fetched': '获取存储配置成功',
  's3Config.created': '存储配置创建成功',
  's3Config.updated': '存储配置已更新',
  's3Config.deleted': '存储配置已删除',
  's3Config.defaultSet': '已设为默认存储配置',
  's3Config.notFound': '存储配置不存在',
  's3Config.inUse': '无法删除此配置：仍有 {files} 个文件和 {mounts} 个挂载点在使用它',
  's3Config.testPassed': '存储配置测试成功（读写权限均可用，前端上传测试通过）',
  's3Config.testUploadSimFailed': '存储配置测试部分成功（读写权限可用，CORS 配置正确，但前端上传模拟失败）',
  's3Config.testCorsProblem': '存储配置测试部分成功（读写权限可用，但 CORS 配置有问题）',
  's3Config.testReadOnlyCorsOk': '存储配置测试部分成功（仅读权限可用，CORS 配置正确）',
  's3Config.testReadOnlyCorsProblem': '存储配置测试部分成功（仅读权限可用，CORS 配置有问题）',
  's3Config.testReadFailed': '存储配置测试失败（读取权限不可用）',
  's3Config.testError': '测试存储配置时出错',
  'storage.signatureInvalid': '链接签名无效',
  'storage.signatureExpired': '链接已过期',
  'storage.objectNotFound': '文件不存在',
  'storage.invalidKey': '对象路径无效',
  'storage.accessDenied': '存储拒绝访问',
  'storage.keyConflict': '路径与已有的文件或文件夹冲突',
  'storage.rangeNotSatisfiable': '请求的范围无效',
  'storage.uploadNotFound': '分片上传不存在或已结束',
  'storage.invalidPart': '分片缺失或 ETag 不匹配',
  'storage.invalidArgument': '存储请求参数无效',
  'storage.failed': '存储操作失败',

  // system
  'system.versionInfo': '获取版本信息成功',
  'system.maxUploadSize': '获取最大上传大小成功',
  'system.settingsRetrieved': '获取系统设置成功',
  'system.settingsUpdated': '系统设置已更新',
  'system.dashboardStats': '获取仪表盘统计数据成功',

  // caches
  'cache.statsRetrieved': '获取缓存统计信息成功',
  'cache.cleared': '已清理 {count} 项缓存',
  'cache.mountNotFound': '挂载点不存在',
  'cache.mountNotAccessible': '没有权限清理此挂载点的缓存',
} as const;

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  'common.ok': 'Success',
  'error.notFound': 'The requested resource does not exist',
  'error.internal': 'Internal server error, please try again later',
  'error.badRequest': 'Bad request',
  'error.malformedJson': 'The request body is not valid JSON',
  'error.unsupportedMediaType': 'Unsupported request content type',
  'error.payloadTooLarge': 'The request body is too large',
  'error.tooManyRequests': 'Too many requests, please try again in {seconds} seconds',

  'validation.bodyMustBeObject': 'The request body must be a JSON object',
  'validation.missingFields': 'Missing required field(s): {fields}',
  'validation.invalidField': 'Invalid value for field {field}',

  'auth.loginSuccess': 'Logged in successfully',
  'auth.logoutSuccess': 'Logged out successfully',
  'auth.invalidCredentials': 'Invalid username or password',
  'auth.tooManyLoginAttempts': 'Too many login attempts, please try again in {seconds} seconds',
  'auth.authenticationRequired': 'Authentication required: please provide valid credentials',
  'auth.adminRequired': 'Administrator privileges are required',
  'auth.textPermissionRequired': 'This API key does not have the text permission',
  'auth.filePermissionRequired': 'This API key does not have the file permission',
  'auth.mountPermissionRequired': 'This API key does not have the mount permission',
  'auth.adminTokenValid': 'The admin token is valid',
  'auth.adminTokenInvalid': 'The admin token is missing, invalid or expired; please log in again',
  'auth.apiKeyIsNotAdmin': 'These credentials are an API key, not an admin token',
  'auth.apiKeyValid': 'The API key is valid',
  'auth.apiKeyRequired': 'This endpoint requires an API key; admin tokens are not accepted',
  'auth.credentialsChanged': 'Account updated; please log in again',
  'auth.currentPasswordWrong': 'The current password is wrong',
  'auth.newPasswordSameAsCurrent': 'The new password must differ from the current one',
  'auth.newCredentialRequired': 'Give a new password or a new username',
  'auth.usernameTaken': 'This username is already taken',

  'apiKey.listed': 'API keys retrieved',
  'apiKey.created': 'API key created',
  'apiKey.updated': 'API key updated',
  'apiKey.deleted': 'API key deleted',
  'apiKey.notFound': 'The API key does not exist',
  'apiKey.nameRequired': 'The key name must not be empty',
  'apiKey.nameTaken': 'A key with this name already exists',
  'apiKey.customKeyInvalid': 'A custom key may only contain letters, digits, underscores and hyphens',
  'apiKey.keyTaken': 'This key value already exists',
  'apiKey.keyGenerationFailed': 'Could not generate a unique key, please try again',
  'apiKey.expiresAtInvalid': 'The expiry time is not a valid date',
  'apiKey.mountRequiresFile': 'The mount permission requires the file permission',
  'apiKey.nothingToUpdate': 'Nothing to update',

  'paste.notFound': 'The text share does not exist',
  'paste.expired': 'The text share has expired',
  'paste.viewLimitReached': 'The text share has reached its view limit',
  'paste.slugTaken': 'This link suffix is already taken, please choose another',
  'paste.slugInvalid': 'A link suffix may only contain letters, digits, underscores and hyphens',
  'paste.slugGenerationFailed': 'Could not generate a unique link suffix, please try again',
  'paste.expiresAtInvalid': 'The expiry time is not a valid date',
  'paste.passwordRequired': 'This text share requires a password',
  'paste.notProtected': 'This text share has no password',
  'paste.wrongPassword': 'Wrong password',
  'paste.listed': 'Text shares retrieved',
  'paste.fetched': 'Text share retrieved',
  'paste.updated': 'Text share updated',
  'paste.deleted': 'Text share deleted',
  'paste.batchDeleted': 'Deleted {count} text share(s)',
  'paste.expiredCleared': 'Cleared {count} expired text share(s)',

  's3Config.listed': 'Storage configurations retrieved',
  's3Config.fetched': 'Storage configuration retrieved',
  's3Config.created': 'Storage configuration created',
  's3Config.updated': 'Storage configuration updated',
  's3Config.deleted': 'Storage configuration deleted',
  's3Config.defaultSet': 'Default storage configuration set',
  's3Config.notFound': 'The storage configuration does not exist',
  's3Config.inUse': 'This configuration cannot be deleted: {files} file(s) and {mounts} mount(s) still use it',
  's3Config.testPassed': 'Storage test passed (read and write work, the browser upload simulation passed)',
  's3Config.testUploadSimFailed': 'Storage test partly passed (read, write and CORS work, but the browser upload simulation failed)',
  's3Config.testCorsProblem': 'Storage test partly passed (read and write work, but the CORS configuration has a problem)',
  's3Config.testReadOnlyCorsOk': 'Storage test partly passed (only reading works; CORS is configured correctly)',
  's3Config.testReadOnlyCorsProblem': 'Storage test partly passed (only reading works; the CORS configuration has a problem)',
  's3Config.testReadFailed': 'Storage test failed (reading does not work)',
  's3Config.testError': 'The storage test failed with an error',
  'storage.signatureInvalid': 'The link signature is invalid',
  'storage.signatureExpired': 'The link has expired',
  'storage.objectNotFound': 'The object does not exist',
  'storage.invalidKey': 'The object key is invalid',
  'storage.accessDenied': 'The storage refused access',
  'storage.keyConflict': 'The key conflicts with an existing object or folder',
  'storage.rangeNotSatisfiable': 'The requested range cannot be satisfied',
  'storage.uploadNotFound': 'The multipart upload does not exist or has ended',
  'storage.invalidPart': 'A part is missing or its ETag does not match',
  'storage.invalidArgument': 'Invalid storage request',
  'storage.failed': 'The storage operation failed',

  'system.versionInfo': 'Version information retrieved',
  'system.maxUploadSize': 'Maximum upload size retrieved',
  'system.settingsRetrieved': 'System settings retrieved',
  'system.settingsUpdated': 'System settings updated',
  'system.dashboardStats': 'Dashboard statistics retrieved',

  'cache.statsRetrieved': 'Cache statistics retrieved',
  'cache.cleared': 'Cache cleared ({count} entries)',
  'cache.mountNotFound': 'The mount does not exist',
  'cache.mountNotAccessible': 'You may not clear the cache of this mount',
};

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

export type MessageParams = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = messages[locale][key] ?? messages[DEFAULT_LOCALE][key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
