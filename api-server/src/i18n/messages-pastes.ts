/**
 * API messages of one area — text shares (pastes): creating, reading, burning, encryption and
 * tags. Part of the catalogue that ./messages.ts assembles; each message in both languages (zh-CN,
 * the default, and en-US).
 */

export const pasteMessagesZhCN = {
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
  'paste.notBurnAfterReading': '此文本分享不是阅后即焚，无需确认',
  'paste.wrongPassword': '密码错误',
  'paste.listed': '获取文本分享列表成功',
  'paste.fetched': '获取文本分享成功',
  'paste.updated': '文本分享已更新',
  'paste.deleted': '文本分享已删除',
  'paste.batchDeleted': '已删除 {count} 条文本分享',
  'paste.expiredCleared': '已清理 {count} 条过期的文本分享',
  'paste.keyStorageFull':
    '此 API 密钥的文本存储空间不足：本次需要 {size}，剩余 {remaining}（上限 {limit}）。请删除不再需要的文本分享，或联系管理员提高上限',
  'paste.totalStorageFull':
    '服务器的文本存储空间不足：本次需要 {size}，剩余 {remaining}（上限 {limit}）。请删除不再需要的文本分享，或联系管理员提高上限',
  'paste.keyStorageUsedUp': '此 API 密钥的文本存储空间已用完（上限 {limit}）。请删除不再需要的文本分享，或联系管理员提高上限',
  'paste.totalStorageUsedUp': '服务器的文本存储空间已用完（上限 {limit}）。请删除不再需要的文本分享，或联系管理员提高上限',
  'paste.badEnvelope': '加密内容不是有效的密文信封（{problem}）',
  'paste.unsupportedEncryption': '不支持的加密方式：{encryption}',
  'paste.encryptedContentReadOnly': '端到端加密的文本分享内容不能修改；备注、过期时间、查看次数、密码和链接后缀仍可修改',
  'paste.tagsNotAList': '标签（tags）必须是一组文本',
  'paste.tagNotText': '每个标签都必须是文本',
  'paste.tagEmpty': '标签不能为空',
  'paste.tagTooLong': '每个标签最多 {max} 个字符',
  'paste.tagBadCharacter': '标签不能包含逗号或控制字符',
  'paste.tagsTooMany': '一条文本分享最多只能有 {max} 个标签',
  'paste.tagsListed': '获取标签列表成功',
} as const;

export const pasteMessagesEnUS: Record<keyof typeof pasteMessagesZhCN, string> = {
  'paste.notFound': 'The text share does not exist',
  'paste.expired': 'The text share has expired',
  'paste.viewLimitReached': 'The text share has reached its view limit',
  'paste.slugTaken': 'This link suffix is already taken, please choose another',
  'paste.slugInvalid': 'A link suffix may only contain letters, digits, underscores and hyphens',
  'paste.slugGenerationFailed': 'Could not generate a unique link suffix, please try again',
  'paste.expiresAtInvalid': 'The expiry time is not a valid date',
  'paste.passwordRequired': 'This text share requires a password',
  'paste.notProtected': 'This text share has no password',
  'paste.notBurnAfterReading': 'This text share does not burn after reading: there is nothing to confirm',
  'paste.wrongPassword': 'Wrong password',
  'paste.listed': 'Text shares retrieved',
  'paste.fetched': 'Text share retrieved',
  'paste.updated': 'Text share updated',
  'paste.deleted': 'Text share deleted',
  'paste.batchDeleted': 'Deleted {count} text share(s)',
  'paste.expiredCleared': 'Cleared {count} expired text share(s)',
  'paste.keyStorageFull':
    'Not enough text storage left for this API key: this text needs {size}, {remaining} is left (limit {limit}). Delete text shares you no longer need or ask the administrator to raise the limit',
  'paste.totalStorageFull':
    'Not enough text storage left on the server: this text needs {size}, {remaining} is left (limit {limit}). Delete text shares you no longer need or ask the administrator to raise the limit',
  'paste.keyStorageUsedUp':
    'The text storage of this API key is used up (limit {limit}). Delete text shares you no longer need or ask the administrator to raise the limit',
  'paste.totalStorageUsedUp':
    'The text storage of the server is used up (limit {limit}). Delete text shares you no longer need or ask the administrator to raise the limit',
  'paste.badEnvelope': 'The encrypted content is not a valid envelope ({problem})',
  'paste.unsupportedEncryption': 'Unsupported encryption: {encryption}',
  'paste.encryptedContentReadOnly':
    'The content of an end-to-end encrypted text share cannot be changed; its remark, expiry, view limit, password and link suffix can',
  'paste.tagsNotAList': 'Tags (tags) must be a list of texts',
  'paste.tagNotText': 'Every tag must be a text',
  'paste.tagEmpty': 'A tag cannot be empty',
  'paste.tagTooLong': 'A tag can be at most {max} characters long',
  'paste.tagBadCharacter': 'A tag cannot contain commas or control characters',
  'paste.tagsTooMany': 'A text share can have at most {max} tags',
  'paste.tagsListed': 'Tags retrieved',
};
