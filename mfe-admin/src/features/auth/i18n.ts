import type { Texts } from '../../i18n/texts';

/** Texts of login with the admin account or an API key, logout, no permission. (namespace `admin`, merged in i18n/resources.ts). */
const zhCN = {
  auth: {
    title: '管理面板登录',
    subtitle: '使用管理员账号或 API 密钥登录',
    tabAdmin: '管理员登录',
    tabApiKey: 'API 密钥登录',
    username: '用户名',
    usernamePlaceholder: '请输入用户名',
    password: '密码',
    passwordPlaceholder: '请输入密码',
    apiKey: 'API 密钥',
    apiKeyPlaceholder: '请输入 API 密钥',
    submitAdmin: '登录',
    submitKey: '验证并登录',
    adminLoggedIn: '登录成功',
    keyLoggedIn: 'API 密钥验证成功',
    logout: '退出登录',
    keyLogout: '注销授权',
    loggedOut: '已退出登录',
    keyLoggedOut: '已注销 API 密钥授权',
    deniedTitle: '没有访问权限',
    deniedBody: '当前 API 密钥没有访问此模块的权限。请使用管理员账号登录以使用全部管理功能。',
    deniedAction: '使用管理员账号登录',
  },
};

const enUS: Texts<typeof zhCN> = {
  auth: {
    title: 'Admin panel login',
    subtitle: 'Log in with the admin account or an API key',
    tabAdmin: 'Admin login',
    tabApiKey: 'API key login',
    username: 'Username',
    usernamePlaceholder: 'Enter the username',
    password: 'Password',
    passwordPlaceholder: 'Enter the password',
    apiKey: 'API key',
    apiKeyPlaceholder: 'Enter your API key',
    submitAdmin: 'Log in',
    submitKey: 'Verify and log in',
    adminLoggedIn: 'Logged in',
    keyLoggedIn: 'API key verified',
    logout: 'Log out',
    keyLogout: 'Log out authorization',
    loggedOut: 'Logged out',
    keyLoggedOut: 'API key authorization removed',
    deniedTitle: 'No permission',
    deniedBody: 'This API key may not open this module. Log in with the admin account to use every admin feature.',
    deniedAction: 'Log in as admin',
  },
};

export const authTexts = { 'zh-CN': zhCN, 'en-US': enUS };
