import { CHUNK_THRESHOLD, splitMarkdown } from './markdown-chunks';

function section(i: number): string {
  return `## Section ${i}\n\nSome text for section ${i} with **bold** words and more words to fill the line.\n\n- item one\n- item two\n`;
}

function bigDocument(sections = 600): string {
  return Array.from({ length: sections }, (_, i) => section(i)).join('\n');
}

describe('splitMarkdown', () => {
  it('keeps a document below the threshold in one piece', () => {
    const doc = '# Title\n\ntext';
    expect(splitMarkdown(doc)).toEqual([doc]);
  });

  it('cuts a large document at block starts (headings, paragraphs) into pieces that join back to it', () => {
    const doc = bigDocument();
    expect(doc.length).toBeGreaterThan(CHUNK_THRESHOLD);
    const chunks = splitMarkdown(doc);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('\n')).toBe(doc);
    for (const chunk of chunks.slice(1)) expect(chunk).toMatch(/^(?:## Section|Some text)/);
  });

  it('never cuts inside a fenced code block', () => {
    const fence = '```js\n' + Array.from({ length: 4000 }, (_, i) => `# not a heading ${i}`).join('\n') + '\n```\n';
    const doc = bigDocument(100) + '\n' + fence + '\n' + bigDocument(100);
    const chunks = splitMarkdown(doc);
    const holder = chunks.find((chunk) => chunk.includes('# not a heading 0'));
    expect(holder).toBeDefined();
    expect(holder).toContain('# not a heading 3999');
    expect(chunks.join('\n')).toBe(doc);
  });

  it('never cuts inside a multi-line HTML comment', () => {
    const comment = '<!--\n' + Array.from({ length: 3000 }, (_, i) => `# hidden ${i}\n`).join('\n') + '-->\n';
    const doc = bigDocument(100) + '\n' + comment + '\n' + bigDocument(50);
    const holder = splitMarkdown(doc).find((chunk) => chunk.includes('# hidden 0'));
    expect(holder).toContain('-->');
  });

  it('copies link reference definitions to every chunk', () => {
    const doc = bigDocument(300) + '\n[docs]: https://example.com/docs\n';
    const chunks = splitMarkdown(doc);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk).toContain('[docs]: https://example.com/docs');
  });
});
