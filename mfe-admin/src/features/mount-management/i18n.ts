import type { Texts } from '../../i18n/texts';

/** Texts of mount management. (namespace `admin`, merged in i18n/resources.ts). */
const zhCN = {
  mounts: {
    titleAdmin: '挂载点',
    titleUser: '可访问的挂载点',
    create: '添加挂载点',
    createTitle: '添加挂载点',
    editTitle: '编辑挂载点',
    created: '挂载点已添加',
    saved: '挂载点已保存',
    deleted: '挂载点已删除',
    deleteTitle: '删除这个挂载点？',
    deleteBody: '挂载点 {{name}}（{{path}}）将被删除，存储中的文件不受影响。',
    activated: '挂载点 {{name}} 已启用',
    deactivated: '挂载点 {{name}} 已停用',
    toggleActive: '启用挂载点 {{name}}',
    active: '已启用',
    inactive: '已停用',
    fieldName: '名称',
    fieldStorageType: '存储类型',
    fieldStorageConfig: 'S3 配置',
    fieldPath: '挂载路径',
    pathHelp: '以 / 开头，只能包含字母（含中文等各种文字）、数字、下划线、连字符和斜杠',
    fieldRemark: '备注',
    fieldCacheTtl: '缓存时间（秒）',
    cacheTtlHelp: '目录列表的缓存时间，0 到 86400 秒',
    fieldSortOrder: '排序',
    fieldActive: '启用',
  },
};

const enUS: Texts<typeof zhCN> = {
  mounts: {
    titleAdmin: 'Mount points',
    titleUser: 'Mount points you can access',
    create: 'Add mount point',
    createTitle: 'Add a mount point',
    editTitle: 'Edit mount point',
    created: 'Mount point added',
    saved: 'Mount point saved',
    deleted: 'Mount point deleted',
    deleteTitle: 'Delete this mount point?',
    deleteBody: 'The mount point {{name}} ({{path}}) will be deleted; the files in the storage are kept.',
    activated: 'Mount point {{name}} activated',
    deactivated: 'Mount point {{name}} deactivated',
    toggleActive: 'Activate mount point {{name}}',
    active: 'Active',
    inactive: 'Inactive',
    fieldName: 'Name',
    fieldStorageType: 'Storage type',
    fieldStorageConfig: 'S3 configuration',
    fieldPath: 'Mount path',
    pathHelp: 'Starts with /; letters (Chinese and other scripts included), digits, underscores, hyphens and slashes only',
    fieldRemark: 'Remark',
    fieldCacheTtl: 'Cache TTL (seconds)',
    cacheTtlHelp: 'How long directory listings are cached, 0 to 86400 seconds',
    fieldSortOrder: 'Sort order',
    fieldActive: 'Active',
  },
};

export const mountManagementTexts = { 'zh-CN': zhCN, 'en-US': enUS };
