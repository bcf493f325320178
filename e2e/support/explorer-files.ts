/** Small real files of every preview type, built in memory (nothing large lives in the repo). */

/** A 2×2 red PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** One second of 8 kHz mono silence as a WAV file. */
export function wav(): Buffer {
  const samples = 8000;
  const buffer = Buffer.alloc(44 + samples);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples, 40);
  buffer.fill(128, 44);
  return buffer;
}

/**
 * A one-page PDF with one line of Helvetica: `text` at `fontSize` points, starting at `at` on a page
 * of `size` points.
 */
export function onePagePdf(
  text: string,
  { size, fontSize, at }: { size: [number, number]; fontSize: number; at: [number, number] },
): Buffer {
  const stream = `BT /F1 ${fontSize} Tf ${at[0]} ${at[1]} Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${size[0]} ${size[1]}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A one-page PDF saying "Cloudclip". */
export function pdf(): Buffer {
  return onePagePdf('Cloudclip', { size: [200, 100], fontSize: 18, at: [20, 40] });
}

/** Markdown with formatting and hostile content the sanitizer must neutralise. */
export const HOSTILE_MARKDOWN = [
  '# Release notes',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '```js',
  'const answer = 42;',
  '```',
  '',
  '<script>window.__explorerXss = "script"</script>',
  '<img src="x" onerror="window.__explorerXss = \'onerror\'">',
  '',
  '[click me](javascript:window.__explorerXss="link")',
  '',
  '<iframe src="https://example.com"></iframe>',
  '',
].join('\n');
