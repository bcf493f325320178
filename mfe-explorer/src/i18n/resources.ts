/** Texts of this remote (namespace `explorer`). Same keys in both languages. */
export const NAMESPACE = 'explorer';

export const resources = {
  'zh-CN': {
  "pages": {
    "home": {
      "title": "挂载浏览器",
      "body": "当前路径：{{path}}"
    }
  },
  "placeholder": "此区域的功能正在建设中。"
},
  'en-US': {
  "pages": {
    "home": {
      "title": "Mount explorer",
      "body": "Current path: {{path}}"
    }
  },
  "placeholder": "The features of this area are being built."
},
};
