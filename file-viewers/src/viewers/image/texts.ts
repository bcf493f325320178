/** Texts of the image viewer (`viewers:image.*`). Same keys in both languages. */
export const imageTexts = {
  'zh-CN': {
    toolbar: '图片缩放',
    zoomIn: '放大',
    zoomOut: '缩小',
    zoomLevel: '缩放比例',
    fit: '适应窗口',
    dimensions: '图片尺寸（像素）',
    noSize: '矢量图',
    hint: '双击切换适应窗口与原始大小；按住 Ctrl 滚动滚轮或双指捏合缩放，放大后可拖动；键盘：+ − 0。',
  },
  'en-US': {
    toolbar: 'Image zoom',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    zoomLevel: 'Zoom level',
    fit: 'Fit',
    dimensions: 'Image size in pixels',
    noSize: 'Vector image',
    hint: 'Double-click to switch between fit and actual size; Ctrl+wheel or pinch to zoom, drag to pan when zoomed; keys: + − 0.',
  },
};
