/** Texts of this remote (namespace `upload`). Same keys in both languages. */
export const NAMESPACE = 'upload';

export const resources = {
  'zh-CN': {
  "pages": {
    "home": {
      "title": "文件上传",
      "body": "上传文件或从 URL 导入，并通过链接分享。"
    }
  },
  "placeholder": "此区域的功能正在建设中。"
},
  'en-US': {
  "pages": {
    "home": {
      "title": "File upload",
      "body": "Upload files or import from a URL and share them by link."
    }
  },
  "placeholder": "The features of this area are being built."
},
};
