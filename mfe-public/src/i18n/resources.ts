/** Texts of this remote (namespace `public`). Same keys in both languages. */
export const NAMESPACE = 'public';

export const resources = {
  'zh-CN': {
  "pages": {
    "home": {
      "title": "Markdown 编辑器",
      "body": "在这里编写 Markdown 并通过链接分享。"
    },
    "paste": {
      "title": "文本分享",
      "body": "分享链接：{{slug}}"
    },
    "file": {
      "title": "文件预览",
      "body": "文件链接：{{slug}}"
    }
  },
  "placeholder": "此区域的功能正在建设中。"
},
  'en-US': {
  "pages": {
    "home": {
      "title": "Markdown editor",
      "body": "Write Markdown here and share it by link."
    },
    "paste": {
      "title": "Text share",
      "body": "Share link: {{slug}}"
    },
    "file": {
      "title": "File preview",
      "body": "File link: {{slug}}"
    }
  },
  "placeholder": "The features of this area are being built."
},
};
