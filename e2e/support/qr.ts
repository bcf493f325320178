import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The QR code a correct page must draw for `value`: rendered here with the same library
 * (qrcode.react, from mfe-public's dependencies) and options, so comparing the module paths of
 * the page's SVG with these proves the page encodes exactly `value`.
 */
const requireFromPublic = createRequire(path.resolve(__dirname, '../../mfe-public/package.json'));

export function expectedQrPath(value: string, size: number): string {
  const React = requireFromPublic('react');
  const { renderToStaticMarkup } = requireFromPublic('react-dom/server');
  const { QRCodeSVG } = requireFromPublic('qrcode.react');
  const markup: string = renderToStaticMarkup(React.createElement(QRCodeSVG, { value, size, level: 'M', marginSize: 2 }));
  const paths = Array.from(markup.matchAll(/<path[^>]* d="([^"]+)"/g), (match) => match[1]);
  // The last path draws the dark modules (the first one is the background).
  return paths[paths.length - 1] ?? '';
}
