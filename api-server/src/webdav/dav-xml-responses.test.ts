import { elements, returnedProps, roundTripProperty, textOf } from '../testing/dav-xml-trees';
import { parseXml } from './dav-xml-parse';
import {
  davErrorBody,
  multistatus,
  multistatusClose,
  multistatusOpen,
  responseXml,
  statusLine,
  type DavResponse,
} from './dav-xml-responses';
import { escapeXml, serializeContent } from './dav-xml-serialize';

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

describe('error bodies', () => {
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
});
