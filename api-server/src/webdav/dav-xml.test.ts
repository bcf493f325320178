import {
  DavXmlError,
  MAX_XML_DEPTH,
  MAX_PROPFIND_NAMES,
  MAX_XML_ELEMENTS,
  SUPPORTED_LOCK_XML,
  davErrorBody,
  escapeXml,
  isElement,
  lockDiscoveryXml,
  lockResponseBody,
  multistatus,
  multistatusClose,
  multistatusOpen,
  parseLockinfo,
  parseProppatch,
  parsePropfind,
  parseXml,
  responseXml,
  serializeContent,
  DavXmlSizeError,
  elementXml,
  contentTail,
  statusLine,
  type ActiveLockView,
  type DavResponse,
  type PropPatchOp,
  type XmlElement,
  type XmlNode,
} from './dav-xml';

const DAV_DOC = (inner: string): string => `<?xml version="1.0" encoding="utf-8"?>\n${inner}`;
/** Limits far above what these tests write. */
const ROOMY = { maxValueBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024 };

/** The changes of a PROPPATCH that stayed within its limits. */
function opsOf(body: string, limits = ROOMY): PropPatchOp[] {
  const patch = parseProppatch(body, limits);
  if (!('ops' in patch)) throw new Error('over the limits');
  return patch.ops;
}

/** The children of `content` (a content tail or self-contained content) written into an element and parsed back. */
function reparsed(content: string, outer = '<w>'): XmlNode[] {
  const name = /^<(\w+)/.exec(outer)?.[1] ?? 'w';
  return parseXml(`${outer.slice(0, -1)}${contentTail(content)}</${name}>`).children;
}

/** The element a test expects to be there; a missing one fails the test. */
function present(element: XmlElement | undefined): XmlElement {
  if (!element) throw new Error('expected an element');
  return element;
}

function elements(element: XmlElement | undefined): XmlElement[] {
  return present(element).children.filter(isElement);
}

function textOf(element: XmlElement | undefined): string {
  return present(element)
    .children.map((node: XmlNode) => (isElement(node) ? textOf(node) : node.text))
    .join('');
}

/** The property elements of the first propstat of the first response of a 207 body, parsed back. */
function returnedProps(body: string): XmlElement[] {
  const root = parseXml(body);
  expect(root).toMatchObject({ ns: 'DAV:', local: 'multistatus' });
  const [response] = elements(root);
  const [propstat] = elements(response).filter((child) => child.local === 'propstat');
  const [prop] = elements(propstat).filter((child) => child.local === 'prop');
  return elements(prop);
}

/** A PROPPATCH value stored and then written back in a PROPFIND answer, parsed again. */
function roundTripProperty(propertyXml: string): XmlElement {
  const ops = opsOf(DAV_DOC(`<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop>${propertyXml}</D:prop></D:set></D:propertyupdate>`));
  expect(ops).toHaveLength(1);
  const [op] = ops;
  if (op?.op !== 'set') throw new Error('expected a set');
  const body = multistatus([{ href: '/dav/a', propstats: [{ status: 200, props: [{ name: op.name, xml: op.valueXml }] }] }]);
  return present(returnedProps(body)[0]);
}

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

describe('parsePropfind', () => {
  it(`accepts ${MAX_PROPFIND_NAMES} property names and refuses more (each member of a Depth 1 answer lists them all)`, () => {
    const body = (count: number, allprop = false): string => {
      const names = Array.from({ length: count }, (_, i) => `<Z:p${i}/>`).join('');
      const inner = allprop ? `<D:allprop/><D:include>${names}</D:include>` : `<D:prop>${names}</D:prop>`;
      return `<D:propfind xmlns:D="DAV:" xmlns:Z="urn:z">${inner}</D:propfind>`;
    };
    expect(parsePropfind(body(MAX_PROPFIND_NAMES))).toMatchObject({ kind: 'prop', props: expect.any(Array) });
    expect(() => parsePropfind(body(MAX_PROPFIND_NAMES + 1))).toThrow(/property names/);
    expect(() => parsePropfind(body(MAX_PROPFIND_NAMES + 1, true))).toThrow(/property names/);
  });

  it.each(['', '  \r\n\t '])('reads an empty body %j as allprop', (body) => {
    expect(parsePropfind(body)).toEqual({ kind: 'allprop', include: [] });
  });

  it('reads allprop with DAV:include', () => {
    const body = '<D:propfind xmlns:D="DAV:"><D:allprop/><D:include><D:lockdiscovery/><x:y xmlns:x="urn:x"/></D:include></D:propfind>';
    expect(parsePropfind(body)).toEqual({
      kind: 'allprop',
      include: [
        { ns: 'DAV:', local: 'lockdiscovery' },
        { ns: 'urn:x', local: 'y' },
      ],
    });
  });

  it('reads propname', () => {
    expect(parsePropfind('<propfind xmlns="DAV:"><propname/></propfind>')).toEqual({ kind: 'propname' });
  });

  it('reads prop names of many namespaces and the null namespace', () => {
    const names = Array.from({ length: 10 }, (_, i) => `<p${i}:prop${i} xmlns:p${i}="http://example.com/ns${i}"/>`).join('');
    const body = `<D:propfind xmlns:D="DAV:"><D:prop>${names}<D:getetag/><nons xmlns=""/></D:prop></D:propfind>`;
    const request = parsePropfind(body);
    expect(request.kind).toBe('prop');
    if (request.kind !== 'prop') return;
    expect(request.props).toHaveLength(12);
    expect(request.props[3]).toEqual({ ns: 'http://example.com/ns3', local: 'prop3' });
    expect(request.props[10]).toEqual({ ns: 'DAV:', local: 'getetag' });
    expect(request.props[11]).toEqual({ ns: '', local: 'nons' });
  });

  it('ignores unknown elements beside the request', () => {
    expect(parsePropfind('<D:propfind xmlns:D="DAV:"><x:ext xmlns:x="urn:x"/><D:propname/></D:propfind>')).toEqual({ kind: 'propname' });
  });

  it.each([
    ['invalid XML', '<foo>'],
    ['a property with xmlns:bar=""', '<D:propfind xmlns:D="DAV:"><D:prop><bar:foo xmlns:bar=""/></D:prop></D:propfind>'],
    ['the wrong root', '<D:propertyupdate xmlns:D="DAV:"><D:allprop/></D:propertyupdate>'],
    ['propfind outside DAV:', '<propfind><allprop/></propfind>'],
    ['no request', '<D:propfind xmlns:D="DAV:"/>'],
    ['two requests', '<D:propfind xmlns:D="DAV:"><D:allprop/><D:propname/></D:propfind>'],
    ['include without allprop', '<D:propfind xmlns:D="DAV:"><D:propname/><D:include/></D:propfind>'],
  ])('refuses %s', (_label, body) => {
    expect(() => parsePropfind(body)).toThrow(DavXmlError);
  });
});

describe('parseProppatch', () => {
  it('reads set and remove in document order', () => {
    const body =
      '<D:propertyupdate xmlns:D="DAV:" xmlns:Z="http://ns.example.com/z/">' +
      '<D:set><D:prop><Z:Authors><Z:Author>Jim</Z:Author></Z:Authors><Z:Empty/></D:prop></D:set>' +
      '<D:remove><D:prop><Z:Copyright-Owner/></D:prop></D:remove>' +
      '<D:set><D:prop><plain xmlns="">v</plain></D:prop></D:set>' +
      '</D:propertyupdate>';
    expect(opsOf(body)).toEqual([
      {
        op: 'set',
        name: { ns: 'http://ns.example.com/z/', local: 'Authors' },
        valueXml: ' xmlns:v0="http://ns.example.com/z/"><v0:Author>Jim</v0:Author>',
      },
      { op: 'set', name: { ns: 'http://ns.example.com/z/', local: 'Empty' }, valueXml: '>' },
      { op: 'remove', name: { ns: 'http://ns.example.com/z/', local: 'Copyright-Owner' } },
      { op: 'set', name: { ns: '', local: 'plain' }, valueXml: '>v' },
    ]);
  });

  it('stops serialising at the first value over its limit, or over the limit of all values, and names every property', () => {
    const uri = `urn:${'n'.repeat(2000)}`;
    const value = `<Z:v>${'<L:e/>'.repeat(500)}</Z:v>`;
    const body = `<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z" xmlns:L="${uri}"><D:set><D:prop>${value}<Z:w>ok</Z:w></D:prop></D:set><D:remove><D:prop><Z:gone/></D:prop></D:remove></D:propertyupdate>`;
    const names = [
      { op: 'set', name: { ns: 'urn:z', local: 'v' } },
      { op: 'set', name: { ns: 'urn:z', local: 'w' } },
      { op: 'remove', name: { ns: 'urn:z', local: 'gone' } },
    ];
    // Declared once, the value takes ~6 KB: under a 8 KB limit, over a 4 KB one.
    expect(parseProppatch(body, { maxValueBytes: 8192, maxTotalBytes: 8192 })).toMatchObject({ ops: names });
    expect(parseProppatch(body, { maxValueBytes: 4096, maxTotalBytes: 8192 })).toEqual({ overLimit: names });
    const many = `<D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop>${'<Z:p>0123456789</Z:p>'.repeat(100)}</D:prop></D:set></D:propertyupdate>`;
    expect(parseProppatch(many, { maxValueBytes: 100, maxTotalBytes: 1100 })).toHaveProperty('ops');
    expect(parseProppatch(many, { maxValueBytes: 100, maxTotalBytes: 1000 })).toHaveProperty('overLimit');
  });

  it.each([
    ['an empty body', ''],
    ['a whitespace body', ' \n'],
    ['invalid XML', '<D:propertyupdate xmlns:D="DAV:"><D:set>'],
    ['the wrong root', '<D:propfind xmlns:D="DAV:"><D:set><D:prop><x/></D:prop></D:set></D:propfind>'],
    ['no set or remove', '<D:propertyupdate xmlns:D="DAV:"/>'],
    ['a set without DAV:prop', '<D:propertyupdate xmlns:D="DAV:"><D:set><x/></D:set></D:propertyupdate>'],
    [
      'a property with xmlns:bar=""',
      '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><foo xmlns:bar="">x</foo></D:prop></D:set></D:propertyupdate>',
    ],
  ])('refuses %s', (_label, body) => {
    expect(() => parseProppatch(body, ROOMY)).toThrow(DavXmlError);
  });
});

describe('dead property values written back in a 207 (litmus props)', () => {
  it('keeps characters above U+FFFF exactly', () => {
    const value = 'high 😀 𝄞 𠜎 and \u00e9';
    const property = roundTripProperty(`<x:high xmlns:x="http://example.com/litmus">${value}</x:high>`);
    expect(property).toMatchObject({ ns: 'http://example.com/litmus', local: 'high' });
    expect(property.children).toEqual([{ text: value }]);
  });

  it('keeps the namespaces of elements inside the value (propvalnspace)', () => {
    const property = roundTripProperty(
      '<t:valnspace xmlns:t="http://example.com/alpha"><foo xmlns="http://bar">bar</foo><D:inner xmlns:D="urn:not-dav">in</D:inner></t:valnspace>',
    );
    const [foo, inner] = elements(property);
    expect(foo).toMatchObject({ ns: 'http://bar', local: 'foo', children: [{ text: 'bar' }] });
    expect(inner).toMatchObject({ ns: 'urn:not-dav', local: 'inner', children: [{ text: 'in' }] });
  });

  it('keeps a well-formed value with nested elements and attributes', () => {
    const value = '<a:x xmlns:a="urn:a" b:at="1" plain="&amp;&lt;" xmlns:b="urn:b"><a:y>one<z xmlns="">two</z></a:y><a:e/></a:x>';
    const property = roundTripProperty(`<p:wf xmlns:p="http://example.com/wf">${value}</p:wf>`);
    const expected = parseXml(`<p:wf xmlns:p="http://example.com/wf">${value}</p:wf>`);
    expect(property).toEqual(expected);
  });

  it('writes a property in the null namespace as <foo xmlns="">', () => {
    const body = multistatus([{ href: '/dav/a', propstats: [{ status: 200, props: [{ name: { ns: '', local: 'foo' }, xml: 'bar' }] }] }]);
    expect(body).toContain('<foo xmlns="">bar</foo>');
    expect(returnedProps(body)[0]).toMatchObject({ ns: '', local: 'foo', children: [{ text: 'bar' }] });
  });

  it('writes properties of many namespaces, each with its own declaration', () => {
    const props = Array.from({ length: 10 }, (_, i) => ({ name: { ns: `http://example.com/ns${i}`, local: `prop${i}` }, xml: `v${i}` }));
    const returned = returnedProps(multistatus([{ href: '/dav/a', propstats: [{ status: 200, props }] }]));
    expect(returned.map((p) => [p.ns, p.local, textOf(p)])).toEqual(props.map((p) => [p.name.ns, p.name.local, p.xml]));
  });
});

describe('parseLockinfo', () => {
  it('reads an exclusive lock with an owner', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8" ?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope>' +
      '<D:locktype><D:write/></D:locktype><D:owner><D:href>http://example.org/~ejw/contact.html</D:href></D:owner></D:lockinfo>';
    expect(parseLockinfo(body, 4096)).toEqual({
      scope: 'exclusive',
      ownerXml: ' xmlns:v0="DAV:"><v0:href>http://example.org/~ejw/contact.html</v0:href>',
    });
  });

  it('reads a shared lock without an owner and a text owner', () => {
    const shared = '<lockinfo xmlns="DAV:"><locktype><write/></locktype><lockscope><shared/></lockscope></lockinfo>';
    expect(parseLockinfo(shared, 4096)).toEqual({ scope: 'shared', ownerXml: null });
    const textOwner =
      '<lockinfo xmlns="DAV:"><lockscope><shared/></lockscope><locktype><write/></locktype><owner>litmus &amp; co</owner></lockinfo>';
    expect(parseLockinfo(textOwner, 4096)).toEqual({ scope: 'shared', ownerXml: '>litmus &amp; co' });
  });

  it.each(['', '\r\n  '])('reads an empty body %j as a refresh (null)', (body) => {
    expect(parseLockinfo(body, 4096)).toBeNull();
  });

  it.each([
    ['invalid XML', '<D:lockinfo xmlns:D="DAV:">'],
    ['the wrong root', '<D:propfind xmlns:D="DAV:"/>'],
    ['no lockscope', '<D:lockinfo xmlns:D="DAV:"><D:locktype><D:write/></D:locktype></D:lockinfo>'],
    ['no locktype', '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope></D:lockinfo>'],
    [
      'a lock type other than write',
      '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope><D:locktype><D:read/></D:locktype></D:lockinfo>',
    ],
    [
      'two scopes',
      '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
    ],
    ['an unknown scope', '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:open/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>'],
  ])('refuses %s', (_label, body) => {
    expect(() => parseLockinfo(body, 4096)).toThrow(DavXmlError);
  });

  it('refuses an owner whose stored content would pass the cap (DavXmlSizeError), however its namespaces are laid out', () => {
    const uri = `urn:${'o'.repeat(2000)}`;
    const owner = (count: number): string =>
      `<D:lockinfo xmlns:D="DAV:" xmlns:O="${uri}"><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>${'<O:e/>'.repeat(count)}</D:owner></D:lockinfo>`;
    // 500 elements of one 2,000-character namespace: ~5.5 KB stored (the namespace once), no longer ~1 MB.
    expect(Buffer.byteLength(parseLockinfo(owner(500), 8192)?.ownerXml ?? '')).toBeLessThan(6000);
    expect(() => parseLockinfo(owner(500), 4096)).toThrow(DavXmlSizeError);
  });
});

describe('multistatus', () => {
  const responses: DavResponse[] = [
    {
      href: '/dav/a%20b/<&>',
      propstats: [
        {
          status: 200,
          props: [
            { name: { ns: 'DAV:', local: 'displayname' }, xml: escapeXml('a & <b>') },
            { name: { ns: 'DAV:', local: 'resourcetype' } },
          ],
        },
        { status: 404, props: [{ name: { ns: 'urn:x', local: 'missing' } }] },
        {
          status: 403,
          props: [{ name: { ns: 'DAV:', local: 'getetag' }, xml: '' }],
          error: 'cannot-modify-protected-property',
          description: 'live & protected',
        },
      ],
    },
    { href: '/dav/locked', status: 423, error: 'lock-token-submitted', description: 'locked' },
    { href: '/dav/full', status: 507 },
  ];

  it('writes the declaration, the DAV: namespace, status lines and escaped hrefs and values', () => {
    const body = multistatus(responses);
    expect(body.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(body).toContain('<D:multistatus xmlns:D="DAV:">');
    for (const line of [
      'HTTP/1.1 200 OK',
      'HTTP/1.1 404 Not Found',
      'HTTP/1.1 403 Forbidden',
      'HTTP/1.1 423 Locked',
      'HTTP/1.1 507 Insufficient Storage',
    ]) {
      expect(body).toContain(`<D:status>${line}</D:status>`);
    }
    expect(body).toContain('<D:resourcetype/>');
    expect(body).toContain('<D:prop xmlns:n0="urn:x"><n0:missing/></D:prop>');
    const root = parseXml(body);
    const [first, second, third] = elements(root);
    expect(textOf(elements(first)[0])).toBe('/dav/a%20b/<&>');
    const [ok, , forbidden] = elements(first).filter((child) => child.local === 'propstat');
    expect(textOf(elements(elements(ok)[0])[0])).toBe('a & <b>');
    expect(elements(forbidden).map((child) => child.local)).toEqual(['prop', 'status', 'error', 'responsedescription']);
    expect(elements(elements(forbidden)[2])[0]).toMatchObject({ ns: 'DAV:', local: 'cannot-modify-protected-property' });
    expect(textOf(elements(forbidden)[3])).toBe('live & protected');
    expect(elements(second).map((child) => child.local)).toEqual(['href', 'status', 'error', 'responsedescription']);
    expect(elements(third).map((child) => child.local)).toEqual(['href', 'status']);
  });

  it('declares the namespace of property names once per D:prop, however many share it (issue 41)', () => {
    const uri = `urn:${'p'.repeat(2000)}`;
    const props = Array.from({ length: 500 }, (_, i) => ({ name: { ns: uri, local: `p${i}` } }));
    const body = multistatus([{ href: '/dav/a', propstats: [{ status: 507, props }] }]);
    expect(body.split(uri)).toHaveLength(2);
    expect(Buffer.byteLength(body)).toBeLessThan(2000 + 500 * 20 + 300);
    expect(returnedProps(body).map((p) => [p.ns, p.local])).toEqual(props.map((p) => [uri, p.name.local]));
  });

  it('writes a stored value with its namespace declarations on the property element', () => {
    const value = serializeContent(parseXml('<w xmlns:a="urn:a"><a:x>1</a:x><a:y b="2"/></w>'), 4096);
    const props = [
      { name: { ns: 'urn:p', local: 'stored' }, xml: value },
      { name: { ns: '', local: 'bare' }, xml: value },
      { name: { ns: 'urn:p', local: 'old' }, xml: '<x xmlns="urn:a">1</x>' },
    ];
    const [stored, bare, old] = returnedProps(multistatus([{ href: '/dav/a', propstats: [{ status: 200, props }] }]));
    for (const property of [stored, bare]) {
      expect(elements(property).map((e) => [e.ns, e.local])).toEqual([
        ['urn:a', 'x'],
        ['urn:a', 'y'],
      ]);
    }
    expect(bare).toMatchObject({ ns: '', local: 'bare' });
    expect(elements(old)[0]).toMatchObject({ ns: 'urn:a', local: 'x', children: [{ text: '1' }] });
  });

  it('is the same as the streamed parts put together', () => {
    expect(multistatusOpen() + responses.map(responseXml).join('') + multistatusClose()).toBe(multistatus(responses));
  });

  it.each([
    [409, 'HTTP/1.1 409 Conflict'],
    [424, 'HTTP/1.1 424 Failed Dependency'],
    [412, 'HTTP/1.1 412 Precondition Failed'],
    [401, 'HTTP/1.1 401 Unauthorized'],
    [500, 'HTTP/1.1 500 Internal Server Error'],
    [502, 'HTTP/1.1 502 Bad Gateway'],
  ])('writes status %i as %s', (status, line) => {
    expect(statusLine(status)).toBe(line);
  });
});

describe('error and lock bodies', () => {
  it('writes a DAV:error with a bare condition', () => {
    const body = davErrorBody('propfind-finite-depth');
    expect(body).toContain('<D:error xmlns:D="DAV:"><D:propfind-finite-depth/></D:error>');
    expect(elements(parseXml(body))[0]).toMatchObject({ ns: 'DAV:', local: 'propfind-finite-depth', children: [] });
  });

  it('writes a DAV:error with escaped hrefs', () => {
    const root = parseXml(davErrorBody('lock-token-submitted', ['/dav/a&b', '/dav/c']));
    const [condition] = elements(root);
    expect(condition?.local).toBe('lock-token-submitted');
    expect(elements(condition).map(textOf)).toEqual(['/dav/a&b', '/dav/c']);
  });

  const locks: ActiveLockView[] = [
    {
      token: 'opaquelocktoken:1234',
      scope: 'exclusive',
      depth: 'infinity',
      ownerXml: ' xmlns:v0="DAV:"><v0:href>mailto:a@example.com</v0:href>',
      timeoutSeconds: 3600,
      rootHref: '/dav/a&b/',
    },
    { token: 'urn:uuid:5678', scope: 'shared', depth: '0', ownerXml: null, timeoutSeconds: 120.7, rootHref: '/dav/c' },
  ];

  it('writes every part of an active lock in the LOCK response', () => {
    const body = lockResponseBody(locks);
    const root = parseXml(body);
    expect(root).toMatchObject({ ns: 'DAV:', local: 'prop' });
    const [discovery] = elements(root);
    expect(discovery?.local).toBe('lockdiscovery');
    const [first, second] = elements(discovery);
    const part = (lock: XmlElement | undefined, local: string): XmlElement | undefined =>
      elements(lock).find((child) => child.local === local);
    expect(elements(part(first, 'locktype'))[0]?.local).toBe('write');
    expect(elements(part(first, 'lockscope'))[0]?.local).toBe('exclusive');
    expect(textOf(part(first, 'depth'))).toBe('infinity');
    expect(elements(part(first, 'owner'))[0]).toMatchObject({
      ns: 'DAV:',
      local: 'href',
      children: [{ text: 'mailto:a@example.com' }],
    });
    expect(textOf(part(first, 'timeout'))).toBe('Second-3600');
    expect(textOf(part(first, 'locktoken'))).toBe('opaquelocktoken:1234');
    expect(textOf(part(first, 'lockroot'))).toBe('/dav/a&b/');
    expect(elements(part(second, 'lockscope'))[0]?.local).toBe('shared');
    expect(part(second, 'owner')).toBeUndefined();
    expect(textOf(part(second, 'timeout'))).toBe('Second-120');
  });

  it('writes lock discovery and supported locks that fit into a multistatus', () => {
    const body = multistatus([
      {
        href: '/dav/a',
        propstats: [
          {
            status: 200,
            props: [
              { name: { ns: 'DAV:', local: 'lockdiscovery' }, xml: lockDiscoveryXml(locks) },
              { name: { ns: 'DAV:', local: 'supportedlock' }, xml: SUPPORTED_LOCK_XML },
            ],
          },
        ],
      },
    ]);
    const [discovery, supported] = returnedProps(body);
    expect(elements(discovery)).toHaveLength(2);
    const entries = elements(supported);
    expect(entries.map((entry) => elements(entry).map((part) => `${part.local}:${elements(part)[0]?.local ?? ''}`))).toEqual([
      ['lockscope:exclusive', 'locktype:write'],
      ['lockscope:shared', 'locktype:write'],
    ]);
    expect(lockDiscoveryXml([])).toBe('');
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
