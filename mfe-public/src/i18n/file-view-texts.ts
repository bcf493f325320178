/**
 * Texts of the page of a file share (namespace `public`): its details, download links, preview,
 * password, editing and deleting, and why it cannot be shown. Same keys in both languages;
 * resources.ts puts them together.
 */
export const fileViewZhCN = {
  file: {
    info: '文件信息',
    size: '大小',
    type: '类型',
    unknownType: '未知',
    uploaded: '上传时间',
    protection: '保护',
    passwordProtected: '需要密码',
    share: '下载与分享',
    download: '下载文件',
    pageLink: '分享页面链接',
    directLink: '直链',
    copyDirectLink: '复制直链',
    preview: '文件预览',
    loadingPreview: '正在加载预览…',
    lockedTitle: '这个文件需要密码',
    lockedHint: '请输入密码以查看和下载「{{name}}」。',
    editTitle: '编辑文件分享',
    maxViewsHint: '0 或留空表示不限制；修改后查看次数会重新计算',
    newPassword: '新密码',
    passwordHint: '留空则保持当前密码',
    removePassword: '取消密码保护',
    saved: '修改已保存。',
    deleteTitle: '删除这个文件？',
    deleteMessage: '「{{name}}」及其分享链接将被永久删除。',
    failure: {
      'not-found': {
        title: '文件不存在',
        message: '链接有误，或者这个文件已被删除。',
      },
      gone: {
        title: '文件已失效',
        message: '这个文件分享已过期或已达到查看次数上限。',
      },
      error: {
        title: '无法加载文件',
      },
    },
    deleted: {
      title: '文件已删除',
      message: '这个文件已被删除，链接不再可用。',
    },
  },
};

export const fileViewEnUS: typeof fileViewZhCN = {
  file: {
    info: 'File details',
    size: 'Size',
    type: 'Type',
    unknownType: 'Unknown',
    uploaded: 'Uploaded',
    protection: 'Protection',
    passwordProtected: 'Password',
    share: 'Download and share',
    download: 'Download',
    pageLink: 'Share page link',
    directLink: 'Direct link',
    copyDirectLink: 'Copy direct link',
    preview: 'File preview',
    loadingPreview: 'Loading the preview…',
    lockedTitle: 'This file is password-protected',
    lockedHint: 'Enter the password to see and download “{{name}}”.',
    editTitle: 'Edit file share',
    maxViewsHint: '0 or empty means unlimited; changing it restarts the view count',
    newPassword: 'New password',
    passwordHint: 'Leave empty to keep the current password',
    removePassword: 'Remove the password',
    saved: 'Your changes were saved.',
    deleteTitle: 'Delete this file?',
    deleteMessage: '“{{name}}” and its share link will be deleted for good.',
    failure: {
      'not-found': {
        title: 'File not found',
        message: 'The link is wrong, or the file was deleted.',
      },
      gone: {
        title: 'File no longer available',
        message: 'This file share has expired or reached its view limit.',
      },
      error: {
        title: 'The file could not be loaded',
      },
    },
    deleted: {
      title: 'File deleted',
      message: 'This file was deleted; the link no longer works.',
    },
  },
};
