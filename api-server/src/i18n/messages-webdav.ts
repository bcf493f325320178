/**
 * API messages of one area — the WebDAV server (/dav/, src/webdav/). Part of the catalogue that
 * ./messages.ts assembles; each message in both languages (zh-CN, the default, and en-US).
 */

export const webdavMessagesZhCN = {
  // WebDAV (/dav/, src/webdav/)
  'dav.authRequired': '请登录：使用管理员用户名和密码，或把具有挂载权限的 API 密钥同时作为用户名和密码',
  'dav.mountPermissionRequired': '此 API 密钥没有挂载权限，不能使用 WebDAV',
  'dav.invalidPath': '地址不是有效的路径（{reason}）',
  'dav.virtualReadOnly': '挂载点之上的目录不能修改',
  'dav.methodNotAllowed': '此资源不支持该操作',
  'dav.alreadyExists': '该位置已存在文件或目录',
  'dav.bodyNotAllowed': '创建目录的请求不能带请求体',
  'dav.finiteDepthOnly': '不支持 Depth: infinity 的查询，请使用 Depth 0 或 1',
  'dav.badDepth': 'Depth 请求头无效',
  'dav.badXml': '请求体不是有效的 WebDAV XML：{reason}',
  'dav.badIfHeader': 'If 请求头无效',
  'dav.preconditionFailed': '前置条件不满足',
  'dav.locked': '资源已被锁定，请求中没有提交对应的锁令牌',
  'dav.insufficientStorage': '存储空间不足',
  'dav.badDestination': 'Destination 请求头缺失或不是本服务器的 WebDAV 地址',
  'dav.sameDestination': '源和目标不能相同，也不能把目录复制或移动到它自己里面',
  'dav.destinationExists': '目标已存在，且 Overwrite 为 F',
  'dav.lockTokenMissing': '缺少 Lock-Token 请求头',
  'dav.lockTokenMismatch': '锁令牌与此资源不匹配',
  'dav.lockNotOwned': '此锁属于另一个用户',
  'dav.bodyTooLarge': '请求体过大（最大 {max}）',
  'dav.xmlValueTooLarge': '请求体中的值过大（最大 {max}）',
  'dav.tooManyLocks': '锁的数量已达上限（{max} 个），请先解除不再需要的锁',
  'dav.deadPropertiesFull': '此用户保存的 WebDAV 属性已达上限（{max}）',
  'dav.otherServer': 'Destination 指向另一台服务器，本服务器不能复制或移动到那里',
} as const;

export const webdavMessagesEnUS: Record<keyof typeof webdavMessagesZhCN, string> = {
  // WebDAV (/dav/, src/webdav/)
  'dav.authRequired':
    'Sign in with the admin username and password, or with an API key that has mount permission as both username and password',
  'dav.mountPermissionRequired': 'This API key has no mount permission, so it cannot use WebDAV',
  'dav.invalidPath': 'The address is not a valid path ({reason})',
  'dav.virtualReadOnly': 'Folders above the mounts cannot be changed',
  'dav.methodNotAllowed': 'This resource does not support that method',
  'dav.alreadyExists': 'A file or folder already exists there',
  'dav.bodyNotAllowed': 'A request that creates a folder must not have a body',
  'dav.finiteDepthOnly': 'Depth: infinity is not supported here; use Depth 0 or 1',
  'dav.badDepth': 'The Depth header is not valid',
  'dav.badXml': 'The request body is not valid WebDAV XML: {reason}',
  'dav.badIfHeader': 'The If header is not valid',
  'dav.preconditionFailed': 'A precondition of the request failed',
  'dav.locked': 'The resource is locked and the request did not submit its lock token',
  'dav.insufficientStorage': 'Not enough storage space left',
  'dav.badDestination': 'The Destination header is missing or is not a WebDAV address of this server',
  'dav.sameDestination': 'Source and destination must differ, and a folder cannot be copied or moved into itself',
  'dav.destinationExists': 'The destination exists and Overwrite is F',
  'dav.lockTokenMissing': 'The Lock-Token header is missing',
  'dav.lockTokenMismatch': 'The lock token does not match this resource',
  'dav.lockNotOwned': 'This lock belongs to another user',
  'dav.bodyTooLarge': 'The request body is too large (at most {max})',
  'dav.xmlValueTooLarge': 'A value in the request body is too large (at most {max})',
  'dav.tooManyLocks': 'Too many locks (at most {max}); release the locks you no longer need first',
  'dav.deadPropertiesFull': 'The WebDAV properties stored by this user have reached their limit ({max})',
  'dav.otherServer': 'The Destination is on another server; this server cannot copy or move there',
};
