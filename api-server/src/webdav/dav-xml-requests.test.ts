import { opsOf, ROOMY } from '../testing/dav-xml-trees';
import { DavXmlError } from './dav-xml-parse';
import { MAX_PROPFIND_NAMES, parseLockinfo, parsePropfind, parseProppatch } from './dav-xml-requests';
import { DavXmlSizeError } from './dav-xml-serialize';

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
