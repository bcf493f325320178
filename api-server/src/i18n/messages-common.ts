/**
 * API messages of one area — generic answers (success, not found, bad request, rate limits),
 * request validation, system settings, caches and search. Part of the catalogue that ./messages.ts
 * assembles; each message in both languages (zh-CN, the default, and en-US).
 */

export const commonMessagesZhCN = {
  // generic
  'common.ok': '操作成功',
  'error.notFound': '请求的资源不存在',
  'error.internal': '服务器内部错误，请稍后重试',
  'error.badRequest': '请求无效',
  'error.malformedJson': '请求体不是有效的 JSON',
  'error.unsupportedMediaType': '不支持的请求内容类型',
  'error.payloadTooLarge': '请求体过大',
  'error.tooManyRequests': '请求过于频繁，请在 {seconds} 秒后重试',
  'error.serverBusy': '服务器繁忙，请稍后重试',
  'error.databaseUnavailable': '数据库暂时无法访问，请稍后重试',

  // validation
  'validation.bodyMustBeObject': '请求体必须是 JSON 对象',
  'validation.missingFields': '缺少必填字段：{fields}',
  'validation.invalidField': '字段 {field} 的值无效',

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

  // search (issue 16)
  'search.queryTooLong': '搜索内容过长，最多 {max} 个字符',
  'search.tooManyTerms': '搜索词过多，最多 {max} 个（以空格分隔）',
  'search.queryRequired': '请输入要搜索的内容',
  'search.badType': '搜索类型无效，可选 paste、file 或 all',
  'search.done': '搜索完成',
} as const;

export const commonMessagesEnUS: Record<keyof typeof commonMessagesZhCN, string> = {
  'common.ok': 'Success',
  'error.notFound': 'The requested resource does not exist',
  'error.internal': 'Internal server error, please try again later',
  'error.badRequest': 'Bad request',
  'error.malformedJson': 'The request body is not valid JSON',
  'error.unsupportedMediaType': 'Unsupported request content type',
  'error.payloadTooLarge': 'The request body is too large',
  'error.tooManyRequests': 'Too many requests, please try again in {seconds} seconds',
  'error.serverBusy': 'The server is busy, please try again in a moment',
  'error.databaseUnavailable': 'The database cannot be reached at the moment, please try again shortly',

  'validation.bodyMustBeObject': 'The request body must be a JSON object',
  'validation.missingFields': 'Missing required field(s): {fields}',
  'validation.invalidField': 'Invalid value for field {field}',

  'system.versionInfo': 'Version information retrieved',
  'system.maxUploadSize': 'Maximum upload size retrieved',
  'system.settingsRetrieved': 'System settings retrieved',
  'system.settingsUpdated': 'System settings updated',
  'system.dashboardStats': 'Dashboard statistics retrieved',

  'cache.statsRetrieved': 'Cache statistics retrieved',
  'cache.cleared': 'Cache cleared ({count} entries)',
  'cache.mountNotFound': 'The mount does not exist',
  'cache.mountNotAccessible': 'You may not clear the cache of this mount',

  // search (issue 16)
  'search.queryTooLong': 'The search is too long: at most {max} characters',
  'search.tooManyTerms': 'Too many search terms: at most {max} (separated by spaces)',
  'search.queryRequired': 'Enter something to search for',
  'search.badType': 'Invalid search type: use paste, file or all',
  'search.done': 'Search completed',
};
