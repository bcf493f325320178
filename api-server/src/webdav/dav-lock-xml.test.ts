import { elements, returnedProps, textOf } from '../testing/dav-xml-trees';
import { lockDiscoveryXml, lockResponseBody, SUPPORTED_LOCK_XML, type ActiveLockView } from './dav-lock-xml';
import { parseXml, type XmlElement } from './dav-xml-parse';
import { multistatus } from './dav-xml-responses';

describe('lock bodies', () => {
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
