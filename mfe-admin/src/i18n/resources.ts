import type { Texts } from './texts';
import { layoutTexts } from '../features/layout/i18n';
import { authTexts } from '../features/auth/i18n';
import { dashboardTexts } from '../features/dashboard/i18n';
import { textManagementTexts } from '../features/text-management/i18n';
import { fileManagementTexts } from '../features/file-management/i18n';
import { storageConfigTexts } from '../features/storage-config/i18n';
import { mountManagementTexts } from '../features/mount-management/i18n';
import { keyManagementTexts } from '../features/key-management/i18n';
import { settingsTexts } from '../features/settings/i18n';
import { globalSearchTexts } from '../features/global-search/i18n';
import { backupTexts } from '../features/backup/i18n';

/**
 * Texts of this remote (namespace `admin`): what the app and several features use is here, each
 * feature's own texts are in `features/<feature>/i18n.ts`. Same keys in both languages (checked by
 * the compiler and a test).
 */
export const NAMESPACE = 'admin';

const zhCN = {
  common: {
    actions: '操作',
    createdAt: '创建时间',
    expires: '过期时间',
    never: '永不过期',
    expired: '已过期',
    views: '查看次数',
    creator: '创建者',
    adminCreator: '管理员',
    keyCreator: '密钥：{{name}}',
    password: '密码',
    passwordProtected: '有密码保护',
    none: '无',
    selected: '已选择 {{count}} 项',
    selectRow: '选择 {{name}}',
    loading: '正在加载…',
  },
  actions: {
    preview: '预览',
    batchDelete: '批量删除',
    clearSelection: '取消选择',
    copyLink: '复制链接',
    qrCode: '二维码',
    qrTitle: '分享二维码',
    qrAlt: '链接 {{url}} 的二维码',
    linkCopied: '链接已复制到剪贴板',
    copyFailed: '复制失败，请手动复制',
    create: '创建',
    close: '关闭',
    open: '打开',
    reset: '重置',
    refresh: '刷新',
    more: '更多操作',
  },
  expiry: {
    keep: '保持当前设置',
    '1h': '1 小时后',
    '1d': '1 天后',
    '7d': '7 天后',
    '30d': '30 天后',
    never: '永不过期',
  },
  keyInfo: {
    title: '当前 API 密钥',
    text: '文本',
    file: '文件',
    mount: '挂载',
    yes: '有',
    no: '无',
  },
  ...layoutTexts['zh-CN'],
  ...authTexts['zh-CN'],
  ...dashboardTexts['zh-CN'],
  ...textManagementTexts['zh-CN'],
  ...fileManagementTexts['zh-CN'],
  ...storageConfigTexts['zh-CN'],
  ...mountManagementTexts['zh-CN'],
  ...keyManagementTexts['zh-CN'],
  ...settingsTexts['zh-CN'],
  ...globalSearchTexts['zh-CN'],
  ...backupTexts['zh-CN'],
};

const enUS: Texts<typeof zhCN> = {
  common: {
    actions: 'Actions',
    createdAt: 'Created',
    expires: 'Expires',
    never: 'Never',
    expired: 'Expired',
    views: 'Views',
    creator: 'Created by',
    adminCreator: 'Admin',
    keyCreator: 'Key: {{name}}',
    password: 'Password',
    passwordProtected: 'Password protected',
    none: 'None',
    selected: '{{count}} selected',
    selectRow: 'Select {{name}}',
    loading: 'Loading…',
  },
  actions: {
    preview: 'Preview',
    batchDelete: 'Delete selected',
    clearSelection: 'Clear selection',
    copyLink: 'Copy link',
    qrCode: 'QR code',
    qrTitle: 'Share QR code',
    qrAlt: 'QR code of the link {{url}}',
    linkCopied: 'Link copied to the clipboard',
    copyFailed: 'Copy failed, please copy it by hand',
    create: 'Create',
    close: 'Close',
    open: 'Open',
    reset: 'Reset',
    refresh: 'Refresh',
    more: 'More actions',
  },
  expiry: {
    keep: 'Keep the current setting',
    '1h': 'In 1 hour',
    '1d': 'In 1 day',
    '7d': 'In 7 days',
    '30d': 'In 30 days',
    never: 'Never',
  },
  keyInfo: {
    title: 'Current API key',
    text: 'Text',
    file: 'File',
    mount: 'Mount',
    yes: 'yes',
    no: 'no',
  },
  ...layoutTexts['en-US'],
  ...authTexts['en-US'],
  ...dashboardTexts['en-US'],
  ...textManagementTexts['en-US'],
  ...fileManagementTexts['en-US'],
  ...storageConfigTexts['en-US'],
  ...mountManagementTexts['en-US'],
  ...keyManagementTexts['en-US'],
  ...settingsTexts['en-US'],
  ...globalSearchTexts['en-US'],
  ...backupTexts['en-US'],
};

export const resources = {
  'zh-CN': zhCN,
  'en-US': enUS,
};
