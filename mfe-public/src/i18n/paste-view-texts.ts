/**
 * Texts of the page of a text share (namespace `public`): its actions, encryption, burn after reading,
 * password, editing and deleting, and why it cannot be shown. Same keys in both languages;
 * resources.ts puts them together.
 */
export const pasteViewZhCN = {
  paste: {
    title: '文本分享',
    actions: '分享操作',
    outline: '目录',
    copyAs: '复制内容',
    copyMarkdown: '复制为 Markdown',
    copyFormatted: '复制为富文本',
    copyFailed: '无法写入剪贴板。请选中文本后按 Ctrl+C（Mac 上按 ⌘C）复制。',
    offlineCopy: '当前处于离线状态，这是 {{date}} 保存的副本。',
    raw: '查看原始文本',
    rawEncrypted: '原始数据（加密）',
    rawEncryptedTitle: '原始链接提供的是加密数据，不是文本',
    encrypted: '端到端加密',
    encryptedTitle: '服务器只保存密文；内容已在本浏览器中用链接里的密钥解密。',
    decrypting: '正在解密…',
    decrypt: '解密',
    burned: '这份分享设为阅后即焚：它已从服务器删除，本页面是唯一的副本。如需保留，请立即复制内容。',
    burnConfirm: {
      title: '阅后即焚',
      message: '打开后，这份分享会立即从服务器删除，之后任何人（包括你）都无法再次打开。',
      open: '打开并删除',
      noKey: '这份分享已端到端加密，但链接中没有密钥（# 之后的部分）。现在打开只会删除它而无法显示，请向分享者索取完整链接。',
    },
    editEncrypted: '端到端加密分享的内容无法修改；备注、过期时间和最大查看次数可以修改。',
    crypto: {
      missingKey: '这份分享已端到端加密，但链接中没有密钥（# 之后的部分）。请向分享者索取完整链接。',
      badKey: '链接中的密钥无法解开这份分享：密钥错误或不完整，或数据已被改动。请检查链接是否完整复制。',
      wrongPassword: '密码与链接中的密钥无法解开这份分享。请检查密码，以及链接是否完整复制。',
      passwordRequired: '这份分享还用密码加密了，请输入密码解密。',
      unsupportedVersion: '这份分享的加密格式无法被当前版本的网站打开。请刷新页面；如果仍然如此，网站可能需要更新。',
      damaged: '这份分享的加密数据已损坏，无法解密。',
      unavailable: '此浏览器无法解密这份分享：解密代码未能加载，或页面不是安全连接（HTTPS）。请刷新页面重试。',
    },
    lockedTitle: '这份分享需要密码',
    lockedHint: '请输入分享者提供的密码以查看内容。',
    lastView: '这是最后一次允许的查看，此分享现已被删除。如需保留，请复制内容。',
    saved: '修改已保存。',
    editTitle: '编辑分享',
    deleteTitle: '删除这份分享？',
    deleteMessage: '删除后链接将立即失效，且无法恢复。',
    deleteNotFound: '找不到这份分享，可能已被删除。',
    failure: {
      'not-found': {
        title: '分享不存在',
        message: '链接有误，或者这份分享已达到查看次数上限而被删除。',
      },
      gone: {
        title: '分享已失效',
        message: '这份分享已过期或已达到查看次数上限。',
      },
      error: {
        title: '无法加载分享',
      },
    },
    deleted: {
      title: '分享已删除',
      message: '这份分享已被删除，链接不再可用。',
    },
  },
};

export const pasteViewEnUS: typeof pasteViewZhCN = {
  paste: {
    title: 'Text share',
    actions: 'Share actions',
    outline: 'Outline',
    copyAs: 'Copy the text',
    copyMarkdown: 'Copy as Markdown',
    copyFormatted: 'Copy as formatted text',
    copyFailed: 'The clipboard could not be written. Select the text and press Ctrl+C (⌘C on a Mac) to copy it.',
    offlineCopy: 'You are offline. This is the copy saved on {{date}}.',
    raw: 'Raw text',
    rawEncrypted: 'Raw data (encrypted)',
    rawEncryptedTitle: 'The raw link serves the encrypted data, not the text',
    encrypted: 'End-to-end encrypted',
    encryptedTitle: 'The server stores only ciphertext; the text was decrypted in this browser with the key from the link.',
    decrypting: 'Decrypting…',
    decrypt: 'Decrypt',
    burned:
      'This paste was set to burn after reading: it has now been deleted from the server, and this page holds the only copy. Copy the text now if you want to keep it.',
    burnConfirm: {
      title: 'Burn after reading',
      message: 'Opening this paste deletes it from the server at once: nobody, you included, can open it again afterwards.',
      open: 'Open and delete',
      noKey:
        'This paste is end-to-end encrypted, but the link has no key (the part after #). Opening it now would only delete it without showing it: ask the sender for the full link.',
    },
    editEncrypted: 'The content of an end-to-end encrypted paste cannot be changed; its remark, expiry and max views can.',
    crypto: {
      missingKey: 'This paste is end-to-end encrypted, and the link has no key (the part after #). Ask the sender for the complete link.',
      badKey:
        'The key in the link does not open this paste: it is wrong or incomplete, or the data was changed. Check that the link was copied completely.',
      wrongPassword:
        'The password and the key in the link do not open this paste. Check the password, and that the link was copied completely.',
      passwordRequired: 'This paste was encrypted with a password as well. Enter it to decrypt.',
      unsupportedVersion:
        'This paste was encrypted in a format this version of the site cannot open. Reload the page; if that does not help, the site may need an update.',
      damaged: 'The encrypted data of this paste is damaged and cannot be decrypted.',
      unavailable:
        'This browser could not decrypt the paste: the decryption code did not load, or the page is not on a secure (HTTPS) connection. Reload the page to try again.',
    },
    lockedTitle: 'This share is password-protected',
    lockedHint: 'Enter the password you were given to see the text.',
    lastView: 'This was the last allowed view: the share has now been deleted. Copy the text if you want to keep it.',
    saved: 'Your changes were saved.',
    editTitle: 'Edit share',
    deleteTitle: 'Delete this share?',
    deleteMessage: 'The link stops working immediately. This cannot be undone.',
    deleteNotFound: 'This share could not be found; it may already be deleted.',
    failure: {
      'not-found': {
        title: 'Share not found',
        message: 'The link is wrong, or the share was deleted after reaching its view limit.',
      },
      gone: {
        title: 'Share no longer available',
        message: 'This share has expired or reached its view limit.',
      },
      error: {
        title: 'The share could not be loaded',
      },
    },
    deleted: {
      title: 'Share deleted',
      message: 'This share was deleted; the link no longer works.',
    },
  },
};
