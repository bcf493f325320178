/**
 * Texts of this remote (namespace `public`). Same keys in both languages (checked by app.test.tsx).
 * Here: the texts of the shared components (copy, expiry, password, status pages, share details);
 * each page's own texts are in its module (editor-texts, share-texts, paste-view-texts, file-view-texts).
 */
import { editorEnUS, editorZhCN } from './editor-texts';
import { fileViewEnUS, fileViewZhCN } from './file-view-texts';
import { pasteViewEnUS, pasteViewZhCN } from './paste-view-texts';
import { shareEnUS, shareZhCN } from './share-texts';

export const NAMESPACE = 'public';

const zhCN = {
  common: {
    copiedAnnouncement: '已复制到剪贴板',
    saving: '保存中…',
  },
  expiry: {
    keep: '保持不变',
  },
  password: {
    label: '密码',
    required: '请输入密码',
    wrong: '密码错误',
    checking: '验证中…',
    submit: '解锁',
  },
  status: {
    backHome: '返回首页，新建分享',
  },
  meta: {
    expires: '过期时间',
    never: '永不过期',
    maxViews: '最大查看次数',
    unlimited: '不限制',
    remark: '备注',
    created: '创建时间',
    views: '查看次数',
    viewsOf: '{{views}} / {{max}}',
  },
  ...editorZhCN,
  ...shareZhCN,
  ...pasteViewZhCN,
  ...fileViewZhCN,
};

const enUS: typeof zhCN = {
  common: {
    copiedAnnouncement: 'Copied to the clipboard',
    saving: 'Saving…',
  },
  expiry: {
    keep: 'Keep current',
  },
  password: {
    label: 'Password',
    required: 'Please enter the password',
    wrong: 'Wrong password',
    checking: 'Checking…',
    submit: 'Unlock',
  },
  status: {
    backHome: 'Back home to create a share',
  },
  meta: {
    expires: 'Expires',
    never: 'Never',
    maxViews: 'Max views',
    unlimited: 'Unlimited',
    remark: 'Remark',
    created: 'Created',
    views: 'Views',
    viewsOf: '{{views}} of {{max}}',
  },
  ...editorEnUS,
  ...shareEnUS,
  ...pasteViewEnUS,
  ...fileViewEnUS,
};

export const resources = {
  'zh-CN': zhCN,
  'en-US': enUS,
};
