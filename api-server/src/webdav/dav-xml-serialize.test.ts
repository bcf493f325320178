import { elements, reparsed } from '../testing/dav-xml-trees';
import { DavXmlError, parseXml, type XmlElement } from './dav-xml-parse';
import { contentTail, DavXmlSizeError, elementXml, escapeXml, serializeContent } from './dav-xml-serialize';

describe('serializeContent', () => {
  const MAX = 1024 * 1024;

  it('writes children that parse back to the same tree, each namespace declared once at the top', () => {
    const source =
      '<wrap xmlns:p="urn:p" xmlns:q="urn:q"><p:one q:attr="1 &amp; 2" plain="&lt;&quot;&gt;">text<p:two/><three xmlns="urn:three"><q:four/></three></p:one>tail<p:five/></wrap>';
    const original = parseXml(source);
    const tail = serializeContent(original, MAX);
    expect(tail.split('xmlns:v0="urn:p"')).toHaveLength(2);
    expect(tail.startsWith(' xmlns:v0="urn:p" xmlns:v1="urn:q" xmlns:v2="urn:three">')).toBe(true);
    expect(reparsed(tail, '<other xmlns:p="urn:wrong">')).toEqual(original.children);
    // Its own declarations win over prefixes of the same names bound further out.
    const nested = parseXml(`<a xmlns:v0="urn:wrong" xmlns:v1="urn:wrong"><other${tail}</other></a>`);
    expect(elements(nested)[0]?.children).toEqual(original.children);
  });

  it('declares a namespace once however many elements and attributes use it (issue 41)', () => {
    const uri = `urn:${'x'.repeat(2000)}`;
    const original = parseXml(`<o xmlns:l="${uri}">${'<l:e l:a="1"/>'.repeat(500)}</o>`);
    const tail = serializeContent(original, MAX);
    expect(tail.split(uri)).toHaveLength(2);
    expect(Buffer.byteLength(tail)).toBeLessThan(2000 + 500 * 20);
    expect(reparsed(tail)).toEqual(original.children);
  });

  it('stops as soon as the output passes its cap, with a typed error', () => {
    const original = parseXml(`<o>${'<e>abc</e>'.repeat(10_000)}</o>`);
    const exact = serializeContent(original, MAX);
    expect(serializeContent(original, Buffer.byteLength(exact))).toBe(exact);
    const thrown = (() => {
      try {
        serializeContent(original, 4096);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(thrown).toBeInstanceOf(DavXmlSizeError);
    expect(thrown).toBeInstanceOf(DavXmlError);
    expect((thrown as DavXmlSizeError).maxBytes).toBe(4096);
  });

  it('counts the namespace declarations against the cap', () => {
    const original = parseXml(`<o xmlns:l="urn:${'y'.repeat(5000)}"><l:e/></o>`);
    expect(() => serializeContent(original, 4096)).toThrow(DavXmlSizeError);
  });

  it('keeps an element in no namespace unprefixed, so it stays in no namespace', () => {
    const original = parseXml('<w xmlns="urn:outer"><inner xmlns=""><deeper/></inner><x:in xmlns:x="urn:x"><bare xmlns=""/></x:in></w>');
    const children = reparsed(serializeContent(original, MAX)) as XmlElement[];
    expect(children[0]).toMatchObject({ ns: '', local: 'inner' });
    expect(elements(children[0])[0]).toMatchObject({ ns: '', local: 'deeper' });
    expect(elements(children[1])[0]).toMatchObject({ ns: '', local: 'bare' });
  });

  it('escapes text and attribute values, keeping tabs, newlines and CR exactly', () => {
    const element: XmlElement = {
      ns: '',
      local: 'w',
      attributes: [],
      children: [
        { text: 'a < b && c > d "q" \'s\' \r\n' },
        { ns: 'urn:e', local: 'e', attributes: [{ ns: '', local: 'v', value: '<"&\'>\t\n\r' }], children: [] },
      ],
    };
    const tail = serializeContent(element, MAX);
    expect(tail.slice(tail.indexOf('>') + 1)).not.toMatch(/<[^v/]/);
    expect(reparsed(tail)).toEqual(element.children);
  });

  it('writes xml:lang with the reserved prefix and no declaration', () => {
    const original = parseXml('<w><v xml:lang="en">hi</v></w>');
    const tail = serializeContent(original, MAX);
    expect(tail).toBe('><v xml:lang="en">hi</v>');
    expect(reparsed(tail)).toEqual(original.children);
  });

  it('gives attributes of different namespaces different prefixes', () => {
    const original = parseXml('<w xmlns:a="urn:1" xmlns:b="urn:2"><v a:k="1" b:k="2"><u a:k="3"/></v></w>');
    expect(reparsed(serializeContent(original, MAX))).toEqual(original.children);
  });

  it('tells a content tail from content stored before tails, and writes either into an element', () => {
    expect(contentTail('>text')).toBe('>text');
    expect(contentTail(' xmlns:v0="urn:a"><v0:x/>')).toBe(' xmlns:v0="urn:a"><v0:x/>');
    for (const content of ['', 'text', ' xmlns:v0=&quot;urn:a&quot;&gt;', '<href xmlns="DAV:">x</href>', '&gt;']) {
      expect(contentTail(content)).toBe(`>${content}`);
    }
    expect(elementXml('D:owner', '', '')).toBe('<D:owner/>');
    expect(elementXml('D:owner', '', '>')).toBe('<D:owner/>');
    expect(elementXml('x', ' xmlns=""', '<a xmlns="urn:a"/>')).toBe('<x xmlns=""><a xmlns="urn:a"/></x>');
    expect(elementXml('x', '', ' xmlns:v0="urn:a"><v0:a/>')).toBe('<x xmlns:v0="urn:a"><v0:a/></x>');
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and quotes', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });

  it('replaces characters XML cannot carry and keeps astral characters', () => {
    expect(escapeXml('a\u0000b\u001Fc\uD800d😀\t\n')).toBe('a\uFFFDb\uFFFDc\uFFFDd😀\t\n');
    expect(escapeXml('\uDE00x\uFFFE\uFFFF😀\uD83D')).toBe('\uFFFDx\uFFFD\uFFFD😀\uFFFD');
    expect(() => parseXml(`<a>${escapeXml('\u0001\uDFFF')}</a>`)).not.toThrow();
  });
});
