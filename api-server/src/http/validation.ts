import type { z } from 'zod';
import { HttpError } from './http-error';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Path (dotted) of the first string holding U+0000 in a parsed input, or undefined.
 * Iterative: `z.unknown()` fields may hold arbitrarily deep client JSON.
 */
function nulCharacterPath(value: unknown): string | undefined {
  interface Node {
    value: unknown;
    key?: string;
    parent?: Node;
  }
  const pending: Node[] = [{ value }];
  while (pending.length > 0) {
    const node = pending.pop() as Node;
    if (typeof node.value === 'string') {
      if (!node.value.includes('\u0000')) continue;
      const path: string[] = [];
      for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) path.push(at.key);
      return path.reverse().join('.');
    }
    if (node.value !== null && typeof node.value === 'object') {
      for (const [key, child] of Object.entries(node.value)) pending.push({ value: child, key, parent: node });
    }
  }
  return undefined;
}

/**
 * Validates a request body / query / params object against a zod schema and returns the
 * parsed value. Failures become HTTP 400 with a message naming the fields:
 * missing (absent, null or blank) fields are listed together; otherwise the first invalid field.
 * An absent body is treated as `{}` so that "missing field" is reported rather than "no body".
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const candidate = input === undefined || input === null ? {} : input;
  const result = schema.safeParse(candidate);
  if (result.success) {
    // PostgreSQL text cannot hold U+0000 (every query with one fails): refused on every engine.
    const nulField = nulCharacterPath(result.data);
    if (nulField !== undefined) throw new HttpError(400, 'validation.invalidField', { params: { field: nulField } });
    return result.data;
  }

  if (typeof candidate !== 'object' || Array.isArray(candidate)) {
    throw new HttpError(400, 'validation.bodyMustBeObject');
  }

  const missing: string[] = [];
  let firstInvalid: string | undefined;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field === '') continue;
    if (isMissing(valueAt(candidate, issue.path))) {
      if (!missing.includes(field)) missing.push(field);
    } else if (firstInvalid === undefined) {
      firstInvalid = field;
    }
  }
  if (missing.length > 0) {
    throw new HttpError(400, 'validation.missingFields', { params: { fields: missing.join(', ') } });
  }
  if (firstInvalid !== undefined) {
    throw new HttpError(400, 'validation.invalidField', { params: { field: firstInvalid } });
  }
  throw new HttpError(400, 'validation.bodyMustBeObject');
}
