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

  // system
  'system.versionInfo': '获取版本信息成功',
  'system.maxUploadSize': '获取最大上传大小成功',
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

  'system.versionInfo': 'Version information retrieved',
  'system.maxUploadSize': 'Maximum upload size retrieved',
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
