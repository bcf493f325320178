import './test-env';
import { odfPicturePath, safeLinkHref } from './odf-links';
import { createOdfContext, renderOdfBlocks } from './odf-render';
import { readOdfStyles } from './odf-styles';
import { ODF_NS } from './odf-xml';

const NS = Object.entries(ODF_NS)
  .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
  .join(' ');

function body(xml: string, styles = ''): { content: Document; text: Element } {
  const content = new DOMParser().parseFromString(
    `<office:document-content ${NS}><office:automatic-styles>${styles}</office:automatic-styles><office:body><office:text>${xml}</office:text></office:body></office:document-content>`,
    'application/xml',
  );
  return { content, text: content.getElementsByTagNameNS(ODF_NS.office, 'text')[0]! };
}

describe('safeLinkHref', () => {
  test.each([
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['http://example.com', 'http://example.com/'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['javascript:alert(1)', null],
    [' JAVASCRIPT:alert(1)', null],
    ['data:text/html,x', null],
    ['file:///etc/passwd', null],
    ['../secret.odt', null],
    ['#bookmark', null],
  ])('%s → %s', (raw, expected) => {
    expect(safeLinkHref(raw)).toBe(expected);
  });
});

describe('odfPicturePath', () => {
  test.each([
    ['Pictures/a.png', 'Pictures/a.png'],
    ['./Pictures/a.png', 'Pictures/a.png'],
    ['https://tracker.test/a.png', null],
    ['//tracker.test/a.png', null],
    ['/etc/passwd', null],
    ['../a.png', null],
    ['Pictures/../../a.png', null],
  ])('%s → %s', (href, expected) => {
    expect(odfPicturePath(href)).toBe(expected);
  });
});

describe('readOdfStyles', () => {
  test('follows parent styles, and tells ordered from bulleted list levels', () => {
    const { content } = body(
      '',
      '<style:style style:name="Base" style:family="text"><style:text-properties fo:font-weight="bold" fo:color="#ff0000"/></style:style>' +
        '<style:style style:name="Child" style:family="text" style:parent-style-name="Base"><style:text-properties fo:font-style="italic" fo:color="red;background:url(x)"/></style:style>' +
        '<style:style style:name="Loop" style:family="text" style:parent-style-name="Loop"/>' +
        '<text:list-style style:name="L"><text:list-level-style-bullet text:level="1"/><text:list-level-style-number text:level="2" style:num-format="i" text:start-value="3"/></text:list-style>',
    );
    const styles = readOdfStyles(content);
    expect(styles.style('Child')).toEqual({ bold: true, italic: true, color: '#ff0000' });
    expect(styles.style('Loop')).toEqual({});
    expect(styles.listLevel('L', 1)).toEqual({ ordered: false, format: '1', start: 1 });
    expect(styles.listLevel('L', 2)).toEqual({ ordered: true, format: 'i', start: 3 });
  });
});

describe('renderOdfBlocks', () => {
  test('renders cell spans and stops at its element budget, saying the rest was left out', () => {
    const { content, text } = body(
      '<table:table><table:table-row><table:table-cell table:number-columns-spanned="2"><text:p>wide</text:p></table:table-cell><table:covered-table-cell/></table:table-row></table:table>' +
        '<text:p>one</text:p><text:p>two</text:p><text:p>three</text:p>',
    );
    const ctx = createOdfContext(document, readOdfStyles(content), () => null, 8);
    const into = document.createElement('div');
    renderOdfBlocks(ctx, text, into);
    expect(into.querySelector('td')).toHaveAttribute('colspan', '2');
    expect(into.querySelectorAll('td')).toHaveLength(1);
    expect(into.textContent).toContain('one');
    expect(into.textContent).not.toContain('three');
    expect(ctx.truncated).toBe(true);
  });

  test('shows footnotes after the text with their number', () => {
    const { content, text } = body(
      '<text:p>Claim<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Source</text:p></text:note-body></text:note></text:p>',
    );
    const ctx = createOdfContext(document, readOdfStyles(content), () => null);
    const into = document.createElement('div');
    renderOdfBlocks(ctx, text, into);
    expect(into.querySelector('sup')).toHaveTextContent('1');
    expect(ctx.notes).toHaveLength(1);
  });
});
