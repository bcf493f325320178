import { DavIfHeaderError, evaluateIf, parseIfHeader, submittedLockTokens, type IfResourceState } from './dav-if-header';

const TOKEN = 'opaquelocktoken:e71d4fae-5dec-22d6-fea5-00a0c91e6be4';
const OTHER_TOKEN = 'urn:uuid:181d4fae-7d8c-11d0-a765-00a0c91e6bf2';
const ETAG = '"abc-123"';
const REQUEST = '/dav/mount/file.txt';

/** A server with these resources; anything else is outside it (null). Records what was asked. */
function server(resources: Record<string, IfResourceState>): {
  asked: string[];
  stateOf: (resource: string) => Promise<IfResourceState | null>;
} {
  const asked: string[] = [];
  return {
    asked,
    stateOf: (resource) => {
      asked.push(resource);
      return Promise.resolve(resources[resource] ?? null);
    },
  };
}

const locked = server({ [REQUEST]: { etag: ETAG, lockTokens: [TOKEN] } });

async function holds(header: string, resources = locked): Promise<boolean> {
  return evaluateIf(parseIfHeader(header), REQUEST, resources.stateOf);
}

describe('parseIfHeader', () => {
  it('reads an untagged token list', () => {
    expect(parseIfHeader(`(<${TOKEN}>)`)).toEqual([{ conditions: [{ not: false, kind: 'token', value: TOKEN }] }]);
  });

  it('reads a token and an entity tag in one list', () => {
    expect(parseIfHeader(`(<${TOKEN}> ["abc"])`)).toEqual([
      {
        conditions: [
          { not: false, kind: 'token', value: TOKEN },
          { not: false, kind: 'etag', value: '"abc"' },
        ],
      },
    ]);
  });

  it('keeps a weak entity tag with its W/ and quotes', () => {
    expect(parseIfHeader('([W/"x"])')).toEqual([{ conditions: [{ not: false, kind: 'etag', value: 'W/"x"' }] }]);
  });

  it('reads Not and several lists', () => {
    expect(parseIfHeader(`(<${TOKEN}>) (Not <DAV:no-lock>)`)).toEqual([
      { conditions: [{ not: false, kind: 'token', value: TOKEN }] },
      { conditions: [{ not: true, kind: 'token', value: 'DAV:no-lock' }] },
    ]);
  });

  it('reads tagged lists, several lists under one tag, absolute URLs and paths', () => {
    const encoded = `<http://example.com/dav/a%20b> (<${TOKEN}>) (["e"]) </dav/other> (Not <DAV:no-lock> [W/"w"])`;
    expect(parseIfHeader(encoded)).toEqual([
      { resource: 'http://example.com/dav/a%20b', conditions: [{ not: false, kind: 'token', value: TOKEN }] },
      { resource: 'http://example.com/dav/a%20b', conditions: [{ not: false, kind: 'etag', value: '"e"' }] },
      {
        resource: '/dav/other',
        conditions: [
          { not: true, kind: 'token', value: 'DAV:no-lock' },
          { not: false, kind: 'etag', value: 'W/"w"' },
        ],
      },
    ]);
  });

  it('accepts odd whitespace: none, tabs, line breaks, and Not in any case', () => {
    const tight = parseIfHeader(`(<${TOKEN}>["e"])(not<DAV:no-lock>)`);
    const loose = parseIfHeader(`\t (  <${TOKEN}>\r\n  [ "e" ]  )\t(NOT   <DAV:no-lock>\t)  `);
    const expected = [
      {
        conditions: [
          { not: false, kind: 'token', value: TOKEN },
          { not: false, kind: 'etag', value: '"e"' },
        ],
      },
      { conditions: [{ not: true, kind: 'token', value: 'DAV:no-lock' }] },
    ];
    expect(tight).toEqual(expected);
    expect(loose).toEqual(expected);
  });

  it.each([
    ['an empty header', ''],
    ['only whitespace', '   '],
    ['an empty list', '()'],
    ['an unclosed list', `(<${TOKEN}>`],
    ['an unclosed token', `(<${TOKEN})`],
    ['an empty token', '(<>)'],
    ['a bare word', `(${TOKEN})`],
    ['text outside a list', `<${TOKEN}>`],
    ['a resource tag without a list', `</dav/a> </dav/b> (<${TOKEN}>)`],
    ['a resource tag with a raw space', `<http://example.com/dav/a b> (<${TOKEN}>)`],
    ['Not without a condition', '(Not)'],
    ['Not twice', `(Not Not <${TOKEN}>)`],
    ['an unquoted entity tag', '([abc])'],
    ['an unclosed entity tag', '(["abc")'],
    ['an entity tag with trailing text', '(["abc" x])'],
    ['untagged then tagged lists', `(<${TOKEN}>) </dav/a> (<${TOKEN}>)`],
    ['junk after a tagged list', `</dav/a> (<${TOKEN}>) junk`],
  ])('refuses %s', (_label, header) => {
    expect(() => parseIfHeader(header)).toThrow(DavIfHeaderError);
  });
});

describe('submittedLockTokens', () => {
  it('lists tokens named without Not, once each, and never DAV:no-lock', () => {
    const lists = parseIfHeader(`</dav/a> (<${TOKEN}>) (Not <${OTHER_TOKEN}>) </dav/b> (<${TOKEN}> <DAV:no-lock> ["e"])`);
    expect(submittedLockTokens(lists)).toEqual([TOKEN]);
    expect(submittedLockTokens(parseIfHeader(`(<${TOKEN}>) (<${OTHER_TOKEN}>)`))).toEqual([TOKEN, OTHER_TOKEN]);
    expect(submittedLockTokens(parseIfHeader('(Not <DAV:no-lock>)'))).toEqual([]);
  });
});

describe('evaluateIf (litmus locks)', () => {
  it('holds for the lock token of the resource', async () => {
    await expect(holds(`(<${TOKEN}>)`)).resolves.toBe(true);
  });

  it('holds for the token with the current entity tag, not with another one', async () => {
    await expect(holds(`(<${TOKEN}> [${ETAG}])`)).resolves.toBe(true);
    await expect(holds(`(<${TOKEN}> ["wrong-etag"])`)).resolves.toBe(false);
  });

  it('fails for a wrong entity tag alone and holds for Not of it', async () => {
    await expect(holds('(["wrong-etag"])')).resolves.toBe(false);
    await expect(holds(`([${ETAG}])`)).resolves.toBe(true);
    await expect(holds('(Not ["wrong-etag"])')).resolves.toBe(true);
  });

  it('compares entity tags strongly: a weak tag never matches', async () => {
    const weak = server({ [REQUEST]: { etag: 'W/"abc-123"', lockTokens: [] } });
    await expect(holds('([W/"abc-123"])', weak)).resolves.toBe(false);
    await expect(holds('(["abc-123"])', weak)).resolves.toBe(false);
  });

  it('fails for a corrupt token and for a token of another lock', async () => {
    await expect(holds('(<opaquelocktoken:x-bad>)')).resolves.toBe(false);
    await expect(holds(`(<${OTHER_TOKEN}>)`)).resolves.toBe(false);
  });

  it('never matches DAV:no-lock, so Not <DAV:no-lock> always holds', async () => {
    await expect(holds('(<DAV:no-lock>)')).resolves.toBe(false);
    await expect(holds('(Not <DAV:no-lock>)')).resolves.toBe(true);
    const unlocked = server({ [REQUEST]: { etag: null, lockTokens: ['DAV:no-lock'] } });
    await expect(holds('(<DAV:no-lock>)', unlocked)).resolves.toBe(false);
  });

  it('holds when one of several lists holds', async () => {
    await expect(holds('(<opaquelocktoken:x-bad>) (Not <DAV:no-lock>)')).resolves.toBe(true);
    await expect(holds(`(<${TOKEN}>) (Not <DAV:no-lock>)`)).resolves.toBe(true);
    await expect(holds('(<opaquelocktoken:x-bad>) (<DAV:no-lock>)')).resolves.toBe(false);
    await expect(holds(`(<opaquelocktoken:x-bad>) (<${TOKEN}> Not <DAV:no-lock>)`)).resolves.toBe(true);
  });

  it('needs every condition of a list', async () => {
    await expect(holds(`(<${TOKEN}> <DAV:no-lock>)`)).resolves.toBe(false);
    await expect(holds(`(Not <${TOKEN}>)`)).resolves.toBe(false);
  });

  it('treats a resource that does not exist as having no etag and no locks', async () => {
    const missing = server({ [REQUEST]: { etag: null, lockTokens: [] } });
    await expect(holds(`(<${TOKEN}>)`, missing)).resolves.toBe(false);
    await expect(holds('(["abc-123"])', missing)).resolves.toBe(false);
    await expect(holds('(Not <DAV:no-lock>)', missing)).resolves.toBe(true);
  });

  it('evaluates tagged lists against their tag, asking for each resource once', async () => {
    const url = 'http://localhost:8080/dav/mount/coll/';
    const resources = server({
      [url]: { etag: null, lockTokens: [OTHER_TOKEN] },
      [REQUEST]: { etag: ETAG, lockTokens: [] },
    });
    await expect(holds(`<${url}> (<${TOKEN}>) (<${OTHER_TOKEN}>)`, resources)).resolves.toBe(true);
    expect(resources.asked).toEqual([url]);
    await expect(holds(`<${url}> (<${TOKEN}>) <${REQUEST}> ([${ETAG}])`, resources)).resolves.toBe(true);
    await expect(holds(`<${url}> ([${ETAG}])`, resources)).resolves.toBe(false);
  });

  it('makes a list about a resource outside this server false, even with Not', async () => {
    const outside = '<http://elsewhere.example/x>';
    await expect(holds(`${outside} (Not <DAV:no-lock>)`)).resolves.toBe(false);
    await expect(holds(`${outside} (Not <DAV:no-lock>) <${REQUEST}> (<${TOKEN}>)`)).resolves.toBe(true);
  });

  it('is false for no lists at all', async () => {
    await expect(evaluateIf([], REQUEST, locked.stateOf)).resolves.toBe(false);
  });
});
