import { elements } from '../testing/dav-xml-trees';
import { DavXmlError, MAX_XML_DEPTH, MAX_XML_ELEMENTS, parseXml } from './dav-xml-parse';
import { parsePropfind } from './dav-xml-requests';

describe('parseXml', () => {
  it('resolves namespaces of elements and attributes and leaves out namespace declarations', () => {
    const root = parseXml('<D:a xmlns:D="DAV:" xmlns:x="urn:x" x:k="v" plain="p"><b xmlns="urn:b"><c xmlns=""/></b></D:a>');
    expect(root.ns).toBe('DAV:');
    expect(root.local).toBe('a');
    expect(root.attributes).toEqual([
      { ns: 'urn:x', local: 'k', value: 'v' },
      { ns: '', local: 'plain', value: 'p' },
    ]);
    const [b] = elements(root);
    expect(b).toMatchObject({ ns: 'urn:b', local: 'b' });
    expect(elements(b)[0]).toMatchObject({ ns: '', local: 'c', children: [] });
  });

  it('joins text and CDATA into one text node and decodes character references', () => {
    const root = parseXml('<a>x &amp; <![CDATA[<y>]]>&#x1F600;</a>');
    expect(root.children).toEqual([{ text: 'x & <y>😀' }]);
  });

  it('accepts a byte order mark and an XML declaration', () => {
    expect(parseXml('\uFEFF<?xml version="1.0" encoding="utf-8"?><a/>').local).toBe('a');
  });

  it.each([
    ['an unclosed element', '<foo>'],
    ['an empty body', ''],
    ['two root elements', '<a/><b/>'],
    ['mismatched tags', '<a></b>'],
    ['an undeclared prefix', '<x:a/>'],
    ['an undeclared prefix on a property', '<D:prop xmlns:D="DAV:"><bar:foo/></D:prop>'],
    ['xmlns:bar="" undeclaring a prefix', '<D:prop xmlns:D="DAV:"><foo xmlns:bar=""/></D:prop>'],
    ['a prefix bound to the empty namespace and used', '<a xmlns:bar=""><bar:x/></a>'],
    ['text after the root', '<a/>junk'],
    ['an unknown entity', '<a>&nbsp;</a>'],
  ])('refuses %s', (_label, body) => {
    expect(() => parseXml(body)).toThrow(DavXmlError);
  });

  it('refuses any DOCTYPE, so entities are never expanded (billion laughs)', () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [',
      '<!ENTITY lol "lol">',
      '<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
      '<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">',
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">',
      ']>',
      '<D:propfind xmlns:D="DAV:"><D:prop><x xmlns="urn:x">&lol3;</x></D:prop></D:propfind>',
    ].join('\n');
    expect(() => parseXml(laughs)).toThrow(/DOCTYPE/);
    expect(() => parsePropfind(laughs)).toThrow(DavXmlError);
    expect(() => parseXml('<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>')).toThrow(DavXmlError);
  });

  it(`accepts ${MAX_XML_DEPTH} levels of nesting and refuses one more`, () => {
    const nested = (depth: number): string => '<a>'.repeat(depth) + '</a>'.repeat(depth);
    expect(parseXml(nested(MAX_XML_DEPTH)).local).toBe('a');
    expect(() => parseXml(nested(MAX_XML_DEPTH + 1))).toThrow(/nested/);
  });

  it(`accepts ${MAX_XML_ELEMENTS} elements and refuses one more`, () => {
    const many = (count: number): string => `<r>${'<e/>'.repeat(count - 1)}</r>`;
    expect(elements(parseXml(many(MAX_XML_ELEMENTS)))).toHaveLength(MAX_XML_ELEMENTS - 1);
    expect(() => parseXml(many(MAX_XML_ELEMENTS + 1))).toThrow(/too many/);
  });
});
