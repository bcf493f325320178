import { z } from 'zod';
import { httpErrorThrownBy } from '../testing/expectations';
import type { HttpError } from './http-error';
import { parseInput } from './validation';

const schema = z.object({ username: z.string().min(1), password: z.string().min(1), remember: z.boolean().optional() });

function failure(input: unknown): HttpError {
  return httpErrorThrownBy(() => parseInput(schema, input));
}

describe('parseInput', () => {
  it('returns the parsed value, without unknown fields', () => {
    expect(parseInput(schema, { username: 'a', password: 'b', extra: 1 })).toEqual({ username: 'a', password: 'b' });
  });

  it('lists every missing, null or empty field with 400', () => {
    const error = failure({ username: '', password: null });
    expect(error.statusCode).toBe(400);
    expect(error.messageKey).toBe('validation.missingFields');
    expect(error.params).toEqual({ fields: 'username, password' });
  });

  it('treats an absent body as an empty object', () => {
    expect(failure(undefined).params).toEqual({ fields: 'username, password' });
  });

  it('names the first field of the wrong type', () => {
    const error = failure({ username: 'a', password: 'b', remember: 'yes' });
    expect(error.messageKey).toBe('validation.invalidField');
    expect(error.params).toEqual({ field: 'remember' });
  });

  it('refuses a body that is not an object', () => {
    expect(failure('text').messageKey).toBe('validation.bodyMustBeObject');
    expect(failure([1, 2]).messageKey).toBe('validation.bodyMustBeObject');
  });
});
