import type { Texts } from '../../i18n/texts';

/** Texts of the dashboard. (namespace `admin`, merged in i18n/resources.ts). */
const zhCN = {
  dashboard: {
    pastes: '文本分享',
    files: '文件分享',
    keys: 'API 密钥',
    configs: '存储配置',
    storageTitle: '存储使用情况',
    totalUsed: '共使用 {{size}}',
    noStorage: '还没有存储配置',
    fileCount: '{{count}} 个文件',
    usedOf: '已用 {{used}} / 共 {{total}}',
    usageOf: '{{name}} 的使用率',
    activityTitle: '最近 7 天的活动',
    activitySummary: '最近 7 天共新增 {{total}} 个分享',
    seriesPastes: '文本',
    seriesFiles: '文件',
    day: '日期',
  },
};

const enUS: Texts<typeof zhCN> = {
  dashboard: {
    pastes: 'Text shares',
    files: 'File shares',
    keys: 'API keys',
    configs: 'Storage configs',
    storageTitle: 'Storage usage',
    totalUsed: '{{size}} used in total',
    noStorage: 'No storage configuration yet',
    fileCount: '{{count}} files',
    usedOf: '{{used}} used of {{total}}',
    usageOf: 'Usage of {{name}}',
    activityTitle: 'Activity in the last 7 days',
    activitySummary: '{{total}} shares created in the last 7 days',
    seriesPastes: 'Texts',
    seriesFiles: 'Files',
    day: 'Day',
  },
};

export const dashboardTexts = { 'zh-CN': zhCN, 'en-US': enUS };
