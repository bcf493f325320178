/** Texts of this remote (namespace `admin`). Same keys in both languages. */
export const NAMESPACE = 'admin';

export const resources = {
  'zh-CN': {
  "pages": {
    "home": {
      "title": "管理面板",
      "body": "仪表盘"
    },
    "module": {
      "title": "管理面板",
      "body": "模块：{{module}}"
    }
  },
  "placeholder": "此区域的功能正在建设中。"
},
  'en-US': {
  "pages": {
    "home": {
      "title": "Admin panel",
      "body": "Dashboard"
    },
    "module": {
      "title": "Admin panel",
      "body": "Module: {{module}}"
    }
  },
  "placeholder": "The features of this area are being built."
},
};
