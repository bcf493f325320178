/**
 * The WebDAV `If` request header (RFC 4918 §10.4): parsed into lists of conditions and evaluated
 * against the state of the resources it names. A write handler answers 400 for a header that does
 * not parse, 412 when no list matches, and counts the lock tokens named without `Not` as the ones
 * the client submitted (§7.5: a locked resource may only be changed by a request that submits its
 * lock token).
 */

/** One condition of a list: a state token (lock token) or an entity tag, possibly negated with `Not`. */
export interface IfCondition {
  not: boolean;
  kind: 'token' | 'etag';
  /** token without <>, or the entity tag WITH its quotes, e.g. "\"abc\"" or W/"x" */
  value: string;
}

/** One parenthesised list; its conditions must all hold. */
export interface IfList {
  /** the tag of a tagged list: absolute URL or absolute path, as sent */
  resource?: string;
  conditions: IfCondition[];
}

/** Thrown for an If header that does not follow the RFC 4918 grammar; handlers answer 400. */
export class DavIfHeaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DavIfHeaderError';
  }
}

/** The state token no lock ever has: `Not <DAV:no-lock>` is always true, `<DAV:no-lock>` always false. */
export const NO_LOCK_TOKEN = 'DAV:no-lock';

/** Reads an If header character by character (linear whitespace is allowed between all parts). */
class IfHeaderReader {
  private pos = 0;

  constructor(private readonly header: string) {}

  get done(): boolean {
    this.skipSpace();
    return this.pos >= this.header.length;
  }

  peek(): string {
    this.skipSpace();
    return this.header.charAt(this.pos);
  }

  fail(what: string): never {
    throw new DavIfHeaderError(`If header: ${what} at character ${this.pos + 1}`);
  }

  private skipSpace(): void {
    while (this.pos < this.header.length && ' \t\r\n'.includes(this.header.charAt(this.pos))) this.pos += 1;
  }

  /** `<…>`: a resource tag or a state token, returned without the angle brackets. */
  readAngle(): string {
    this.expect('<');
    const end = this.header.indexOf('>', this.pos);
    if (end < 0) this.fail('unclosed <');
    const value = this.header.slice(this.pos, end);
    if (value === '' || /[<\s]/.test(value)) this.fail('empty or broken <…>');
    this.pos = end + 1;
    return value;
  }

  /** `( Condition+ )`. */
  readList(resource: string | undefined): IfList {
    this.expect('(');
    const conditions: IfCondition[] = [];
    while (this.peek() !== ')') {
      if (this.done) this.fail('unclosed (');
      conditions.push(this.readCondition());
    }
    this.pos += 1;
    if (conditions.length === 0) this.fail('empty list');
    return resource === undefined ? { conditions } : { resource, conditions };
  }

  private readCondition(): IfCondition {
    let not = false;
    if (this.header.slice(this.pos, this.pos + 3).toLowerCase() === 'not') {
      not = true;
      this.pos += 3;
    }
    const next = this.peek();
    if (next === '<') return { not, kind: 'token', value: this.readAngle() };
    if (next === '[') return { not, kind: 'etag', value: this.readEntityTag() };
    return this.fail('expected <state-token> or [entity-tag]');
  }

  /** `[ [W/] "opaque" ]`, returned with its W/ and quotes. */
  private readEntityTag(): string {
    this.expect('[');
    this.skipSpace();
    const match = /^(?:W\/)?"[^"]*"/.exec(this.header.slice(this.pos));
    if (!match) this.fail('broken entity tag');
    const [etag] = match;
    this.pos += etag.length;
    this.expect(']');
    return etag;
  }

  private expect(char: string): void {
    if (this.peek() !== char) this.fail(`expected ${char}`);
    this.pos += 1;
  }
}

/**
 * Parses an If header; throws DavIfHeaderError on bad syntax (handlers answer 400). Handles
 * untagged `(<tok>) (["etag"])`, tagged `<url> (<tok> ["etag"])`, `Not`, multiple lists, and odd
 * whitespace. A header mixing tagged and untagged lists is refused, as the grammar allows only one kind.
 */
export function parseIfHeader(header: string): IfList[] {
  const reader = new IfHeaderReader(header);
  if (reader.done) reader.fail('empty header');
  const lists: IfList[] = [];
  let tagged: boolean | null = null;
  let resource: string | undefined;
  while (!reader.done) {
    if (reader.peek() === '<') {
      if (tagged === false) reader.fail('a resource tag after untagged lists');
      tagged = true;
      resource = reader.readAngle();
      if (reader.peek() !== '(') reader.fail('a resource tag without a list');
    } else if (reader.peek() === '(') {
      tagged ??= false;
    } else {
      reader.fail('expected ( or <');
    }
    lists.push(reader.readList(resource));
  }
  return lists;
}

/** Every lock token named in the header without Not (these count as "submitted" lock tokens); DAV:no-lock is none. */
export function submittedLockTokens(lists: IfList[]): string[] {
  const tokens = new Set<string>();
  for (const list of lists) {
    for (const condition of list.conditions) {
      if (condition.kind === 'token' && !condition.not && condition.value !== NO_LOCK_TOKEN) tokens.add(condition.value);
    }
  }
  return [...tokens];
}

/** The state of a resource as the evaluator needs it: its current ETag (quoted, or null when it does not exist) and the tokens of the locks that cover it. */
export interface IfResourceState {
  etag: string | null;
  lockTokens: string[];
}

/** Strong comparison (RFC 9110 §8.8.3.2): both tags strong and the same characters. */
function strongEtagMatch(condition: string, current: string | null): boolean {
  return current !== null && condition === current && !condition.startsWith('W/');
}

function conditionHolds(condition: IfCondition, state: IfResourceState): boolean {
  const matches =
    condition.kind === 'token'
      ? condition.value !== NO_LOCK_TOKEN && state.lockTokens.includes(condition.value)
      : strongEtagMatch(condition.value, state.etag);
  return condition.not ? !matches : matches;
}

/**
 * True when at least one list matches (all of its conditions true; Not inverts one). Untagged lists
 * are about `requestResource`; a tagged list about its tag (the caller's `stateOf` resolves
 * URLs/paths; it returns null for a resource outside this server, which makes that list false).
 * A token condition is true when the resource's lockTokens contain it (`DAV:no-lock` never
 * matches); an etag condition when it equals the resource's etag (strong comparison of the quoted
 * strings). Each resource's state is asked for once.
 */
export async function evaluateIf(
  lists: IfList[],
  requestResource: string,
  stateOf: (resource: string) => Promise<IfResourceState | null>,
): Promise<boolean> {
  const states = new Map<string, Promise<IfResourceState | null>>();
  for (const list of lists) {
    const resource = list.resource ?? requestResource;
    let state = states.get(resource);
    if (!state) {
      state = stateOf(resource);
      states.set(resource, state);
    }
    const current = await state;
    if (current && list.conditions.every((condition) => conditionHolds(condition, current))) return true;
  }
  return false;
}
