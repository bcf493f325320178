import { previewsText, TEXT_PREVIEW_MAX_BYTES } from './file-kind';

describe('previewsText (the page shows the text itself, with its early request)', () => {
  it.each([
    ['text/markdown', 'readme.md', 100, true],
    ['text/plain', 'notes.markdown', 100, true],
    ['text/plain', 'notes.txt', 100, true],
    ['text/plain', 'server.log', TEXT_PREVIEW_MAX_BYTES, true],
    ['text/plain', 'notes.txt', TEXT_PREVIEW_MAX_BYTES + 1, false],
    ['text/markdown', 'readme.md', TEXT_PREVIEW_MAX_BYTES + 1, false],
    ['application/octet-stream', 'main.ts', 100, false],
    ['application/json', 'data.json', 100, false],
    ['text/html', 'page.html', 100, false],
    ['text/csv', 'table.csv', 100, false],
    ['image/png', 'a.png', 100, false],
    ['application/zip', 'a.zip', 100, false],
  ])('%s %s (%d bytes) → %s', (mimetype, filename, size, expected) => {
    expect(previewsText({ mimetype, filename, size })).toBe(expected);
  });
});
