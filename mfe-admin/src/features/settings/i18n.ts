import type { Texts } from '../../i18n/texts';

/** Texts of settings: system settings, cache, the admin account. (namespace `admin`, merged in i18n/resources.ts). */
const zhCN = {
  settings: {
    systemTitle: '系统设置',
    maxUploadSize: '最大上传大小',
    maxUploadSizeHelp: '单个文件的上传上限，建议 {{min}}–{{max}} MB',
    sizeUnit: '大小单位',
    webdavAddress: 'WebDAV 地址',
    copyWebdavAddress: '复制地址',
    webdavAddressHelp: '在访达、Windows 或 rclone 中连接此地址：使用管理员用户名和密码，或将具有挂载权限的 API 密钥同时作为用户名和密码',
    webdavKeyHelp: '在访达、Windows 或 rclone 中连接此地址，用户名和密码都填写此 API 密钥；只能看到密钥基础路径之下的内容',
    webdavMode: 'WebDAV 上传模式',
    webdavHelp: 'WebDAV 客户端上传文件时使用的方式',
    webdav: { auto: '自动', proxy: '代理', multipart: '分片', direct: '直传' },
    webdavDesc: {
      auto: '小于 10 MB 的文件一次请求上传，更大的文件使用 S3 分片上传',
      proxy: '服务器先完整接收文件，再上传到存储；适合不发送文件长度的客户端',
      multipart: '总是使用 S3 分片上传，逐片发送',
      direct: '以一个流式请求直接写入存储',
    },
    guestPastes: '允许访客创建文本分享',
    guestPastesHelp: '开启后，未登录的访客也可以创建文本分享',
    pasteStoragePerKey: '每个 API 密钥的文本存储上限',
    pasteStoragePerKeyHelp:
      '一个 API 密钥创建的文本分享（正文和备注，按 UTF-8 字节计算）合计可占用的空间；达到后该密钥新建或加长文本会被拒绝。默认 {{size}}',
    pasteStorageTotal: '文本存储总上限',
    pasteStorageTotalHelp: '所有文本分享（包括管理员和访客创建的）合计可占用的空间；达到后任何人都不能再新建或加长文本。默认 {{size}}',
    saved: '系统设置已保存',
  },
  cache: {
    title: '缓存',
    body: '清除目录列表缓存和预签名链接缓存。存储中的内容在外部被修改后可以使用。',
    clear: '清除缓存',
    clearTitle: '清除所有缓存？',
    clearBody: '缓存会在下次访问时重新建立，期间访问可能稍慢。',
    cleared: '缓存已清除（{{count}} 项）',
  },
  sharex: {
    download: '下载 ShareX 上传配置（.sxcu）',
    help: '在 ShareX 中双击此文件，即可把截图和文件上传到 Cloudclip，并复制分享链接。文件中包含此 API 密钥，请勿分享给他人。',
  },
  account: {
    title: '账号设置',
    currentPassword: '当前密码',
    newUsername: '新用户名',
    newPassword: '新密码',
    optional: '可选',
    submit: '修改账号',
    changed: '账号信息已修改',
    logoutIn: '将在 {{count}} 秒后退出登录，请使用新的账号信息重新登录。',
  },
};

const enUS: Texts<typeof zhCN> = {
  settings: {
    systemTitle: 'System settings',
    maxUploadSize: 'Max upload size',
    maxUploadSizeHelp: 'Upper limit for one file; {{min}}–{{max}} MB recommended',
    sizeUnit: 'Size unit',
    webdavAddress: 'WebDAV address',
    copyWebdavAddress: 'Copy address',
    webdavAddressHelp:
      'Connect to it from Finder, Windows or rclone with the administrator username and password, or with an API key that has the mount permission as both username and password',
    webdavKeyHelp:
      'Connect to it from Finder, Windows or rclone with this API key as both username and password; you see only what is under its base path',
    webdavMode: 'WebDAV upload mode',
    webdavHelp: 'How WebDAV clients upload files',
    webdav: { auto: 'Auto', proxy: 'Proxy', multipart: 'Multipart', direct: 'Direct' },
    webdavDesc: {
      auto: 'One request below 10 MB, S3 multipart above',
      proxy: 'The server stores the whole file first, then uploads it; for clients that send no length',
      multipart: 'Always S3 multipart, part by part',
      direct: 'One streamed request straight to the storage',
    },
    guestPastes: 'Let visitors create text shares',
    guestPastesHelp: 'When on, visitors who are not logged in may create text shares',
    pasteStoragePerKey: 'Text storage per API key',
    pasteStoragePerKeyHelp:
      'Space the text shares of one API key may take together (text and remark, counted in UTF-8 bytes); once reached, that key cannot create or lengthen texts. Default {{size}}',
    pasteStorageTotal: 'Total text storage',
    pasteStorageTotalHelp:
      'Space all text shares may take together (also those of the administrator and of visitors); once reached, nobody can create or lengthen texts. Default {{size}}',
    saved: 'System settings saved',
  },
  cache: {
    title: 'Cache',
    body: 'Clears the directory-listing cache and the presigned-link cache. Useful after the storage was changed outside Cloudclip.',
    clear: 'Clear cache',
    clearTitle: 'Clear every cache?',
    clearBody: 'Caches are rebuilt on the next access, which may be a little slower.',
    cleared: 'Cache cleared ({{count}} entries)',
  },
  sharex: {
    download: 'Download ShareX uploader (.sxcu)',
    help: 'Double-click the file to add Cloudclip to ShareX: your screenshots and files are uploaded here and the share link is copied. The file contains this API key; keep it to yourself.',
  },
  account: {
    title: 'Account',
    currentPassword: 'Current password',
    newUsername: 'New username',
    newPassword: 'New password',
    optional: 'Optional',
    submit: 'Change account',
    changed: 'Account details changed',
    logoutIn: 'You will be logged out in {{count}} s. Log in again with the new details.',
  },
};

export const settingsTexts = { 'zh-CN': zhCN, 'en-US': enUS };
