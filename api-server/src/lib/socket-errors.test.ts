import { isPeerUnreachableCode } from './socket-errors';

describe('isPeerUnreachableCode', () => {
  it('knows the codes of a peer that is down or went away', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'ENETDOWN'])
      expect(isPeerUnreachableCode(code)).toBe(true);
  });

  it('does not take other errors or a missing code for an outage', () => {
    for (const code of ['ENOENT', 'ENOSPC', 'EACCES', '23505', undefined, 42]) expect(isPeerUnreachableCode(code)).toBe(false);
  });
});
