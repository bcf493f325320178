/**
 * API messages of one area — backups: the schedule and its runs, download and restore in the admin
 * panel. Part of the catalogue that ./messages.ts assembles; each message in both languages (zh-
 * CN, the default, and en-US).
 */

export const backupMessagesZhCN = {
  // scheduled backups (issue 37, routes/admin-backup-schedule.ts)
  'backup.overview': '获取备份计划与运行记录成功',
  'backup.scheduleSaved': '备份计划已保存',
  'backup.runStarted': '备份已开始',
  'backup.badEnabled': 'enabled 必须是 true 或 false',
  'backup.badFrequency': '备份频率必须是 daily（每天）或 weekly（每周）',
  'backup.badHour': '备份时间 hour 必须是 0 到 23 之间的整数（服务器本地时间）',
  'backup.badWeekday': '星期 weekday 必须是 0 到 6 之间的整数（0 为星期日）',
  'backup.badKeep': '保留份数 keep 必须是 1 到 90 之间的整数',
  'backup.unknownStorage': '所选的存储配置不存在，请选择一个已有的存储配置',
  'backup.badFolder': '备份目录不能以 / 开头，不能包含 ..、反斜杠或控制字符',
  'backup.badObjects': 'objects 必须是 true 或 false',
  'backup.noStorage': '尚未为备份选择存储配置，请先在备份计划中选择',
  'backup.runInProgress': '已有一个备份正在进行，请等它结束后再试',
  'backup.adminTokenRequired': '此接口需要管理员令牌（请登录管理后台）',

  // backup download and restore in the admin panel (issue 37, routes/admin-backup.ts)
  'backupAdmin.downloadTokenIssued': '下载链接已生成，5 分钟内有效，只能使用一次',
  'backupAdmin.tokenInvalid': '下载链接无效、已过期或已被使用，请重新生成',
  'backupAdmin.checked': '备份文件已检查',
  'backupAdmin.restored': '备份已恢复，请重新登录',
  'backupAdmin.uploadTooLarge': '上传的备份文件超过上限 {max} 字节（BACKUP_UPLOAD_MAX_BYTES）',
  'backupAdmin.archiveDamaged': '备份文件不完整或已损坏（被截断或内容被改动），无法使用',
  'backupAdmin.archiveForeign': '这不是 Cloudclip 的备份文件',
  'backupAdmin.formatUnsupported': '不支持的备份格式版本 {version}，请用生成它的 Cloudclip 版本恢复',
  'backupAdmin.schemaMismatch': '备份的数据库结构版本 {backup} 与本服务器的 {target} 不同，请用生成它的 Cloudclip 版本（{appVersion}）恢复',
  'backupAdmin.schemaDiffers': '备份的数据库结构与本服务器的不同，请用生成它的 Cloudclip 版本恢复',
  'backupAdmin.secretRequired': '此备份是用另一个 APP_SECRET 生成的：请填写生成备份时使用的 APP_SECRET',
  'backupAdmin.secretWrong': '填写的密钥不是生成此备份时使用的 APP_SECRET，请填写生成备份时使用的那个',
  'backupAdmin.targetNotEmpty': '当前数据库不是空的（{tables} 中有数据）：请选择“合并”，只添加缺少的数据',
  'backupAdmin.checkNotFound': '找不到这次检查的备份文件（可能已过期或已被使用），请重新上传',
  'backupAdmin.restoreFailed': '恢复失败，数据库没有任何改动',
} as const;

export const backupMessagesEnUS: Record<keyof typeof backupMessagesZhCN, string> = {
  // scheduled backups (issue 37, routes/admin-backup-schedule.ts)
  'backup.overview': 'Backup schedule and runs retrieved',
  'backup.scheduleSaved': 'Backup schedule saved',
  'backup.runStarted': 'Backup started',
  'backup.badEnabled': 'enabled must be true or false',
  'backup.badFrequency': 'The backup frequency must be daily or weekly',
  'backup.badHour': "The backup hour must be an integer from 0 to 23 (the server's local time)",
  'backup.badWeekday': 'The weekday must be an integer from 0 to 6 (0 is Sunday)',
  'backup.badKeep': 'keep (archives to keep) must be an integer from 1 to 90',
  'backup.unknownStorage': 'The chosen storage configuration does not exist: choose an existing one',
  'backup.badFolder': 'The backup folder must not start with /, nor contain .., a backslash or control characters',
  'backup.badObjects': 'objects must be true or false',
  'backup.noStorage': 'No storage configuration is chosen for backups: choose one in the backup schedule first',
  'backup.runInProgress': 'A backup is already running: try again once it has finished',
  'backup.adminTokenRequired': 'This endpoint needs an admin token (sign in to the admin panel)',

  // backup download and restore in the admin panel (issue 37, routes/admin-backup.ts)
  'backupAdmin.downloadTokenIssued': 'Download link created: valid for 5 minutes, once',
  'backupAdmin.tokenInvalid': 'The download link is unknown, expired or already used: create a new one',
  'backupAdmin.checked': 'Backup file checked',
  'backupAdmin.restored': 'Backup restored: please sign in again',
  'backupAdmin.uploadTooLarge': 'The uploaded backup is larger than the limit of {max} bytes (BACKUP_UPLOAD_MAX_BYTES)',
  'backupAdmin.archiveDamaged': 'The backup file is incomplete or damaged (truncated or changed) and cannot be used',
  'backupAdmin.archiveForeign': 'This is not a Cloudclip backup file',
  'backupAdmin.formatUnsupported': 'Unsupported backup format version {version}: restore it with the Cloudclip version that made it',
  'backupAdmin.schemaMismatch':
    "The backup's database schema version {backup} differs from this server's {target}: restore it with the Cloudclip version that made it ({appVersion})",
  'backupAdmin.schemaDiffers':
    "The backup's database schema differs from this server's: restore it with the Cloudclip version that made it",
  'backupAdmin.secretRequired': 'This backup was made with another APP_SECRET: give the APP_SECRET the backup was made with',
  'backupAdmin.secretWrong': 'That secret is not the APP_SECRET this backup was made with: give the one the backup was made with',
  'backupAdmin.targetNotEmpty': 'The database is not empty (rows in {tables}): choose merge to add only what is missing',
  'backupAdmin.checkNotFound': 'The checked backup was not found (it may have expired or been used): upload it again',
  'backupAdmin.restoreFailed': 'The restore failed; nothing in the database was changed',
};
