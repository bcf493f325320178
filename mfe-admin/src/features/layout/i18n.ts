import type { Texts } from '../../i18n/texts';

/** Texts of the admin layout (header, roles). (namespace `admin`, merged in i18n/resources.ts). */
const zhCN = {
  layout: {
    title: '管理面板',
    administrator: '管理员',
    roleAdmin: '管理员',
    roleKey: 'API 密钥',
  },
};

const enUS: Texts<typeof zhCN> = {
  layout: {
    title: 'Admin panel',
    administrator: 'Administrator',
    roleAdmin: 'Admin',
    roleKey: 'API key',
  },
};

export const layoutTexts = { 'zh-CN': zhCN, 'en-US': enUS };
