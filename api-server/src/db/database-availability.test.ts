import { DatabaseAvailability, DatabaseUnavailableError, isConnectionFailure } from './database-availability';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which database errors mean the database is away', () => {
  it.each([
    ['a session ended by a fast shutdown (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection refused while shutting down or starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection exception (class 08)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['an unknown host', withCode('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    ['a connection pg saw end', new Error('Connection terminated unexpectedly')],
    ['a client whose connection failed before', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout of pg-pool', new Error('Connection terminated due to connection timeout')],
    ['one wrapped in another error', new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
    ['every address of a host refused', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed')],
    ['ours', new DatabaseUnavailableError(new Error('x'))],
  ])('%s', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a serialization failure', withCode('could not serialize access', '40001')],
    ['a query cancelled by statement_timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a programming error', new TypeError('Cannot read properties of undefined')],
    ['a string', 'ECONNREFUSED'],
  ])('not %s', (_name, error) => {
    expect(isConnectionFailure(error)).toBe(false);
  });

  it('is a 503 with Retry-After whose log message names the cause', () => {
    const error = new DatabaseUnavailableError(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect(error.statusCode).toBe(503);
    expect(error.messageKey).toBe('error.databaseUnavailable');
    expect(error.headers).toEqual({ 'retry-after': '5' });
    expect(error.message).toBe('The database is unavailable: connect ECONNREFUSED 127.0.0.1:5432');
  });
});

describe('whether the database answered last', () => {
  it('tells its listeners of each change once, not of every failure of an outage', () => {
    const availability = new DatabaseAvailability();
    const heard: Array<[boolean, unknown]> = [];
    availability.onChange((available, error) => heard.push([available, error]));
    const first = new Error('first');
    availability.unavailable(first);
    availability.unavailable(new Error('second'));
    availability.available();
    availability.available();
    expect(heard).toEqual([
      [false, first],
      [true, undefined],
    ]);
  });

  it('confirm() asks nothing while the database answers, and one probe for every caller while it does not', async () => {
    let probes = 0;
    let answer: (() => void) | undefined;
    const availability = new DatabaseAvailability(
      () =>
        new Promise<void>((resolve) => {
          probes += 1;
          answer = resolve;
        }),
    );
    expect(await availability.confirm()).toBe(true);
    expect(probes).toBe(0);

    availability.unavailable(new Error('gone'));
    const callers = [availability.confirm(), availability.confirm(), availability.confirm()];
    expect(probes).toBe(1);
    answer!();
    expect(await Promise.all(callers)).toEqual([true, true, true]);
    expect(availability.isAvailable).toBe(true);
  });

  it('confirm() answers false when the probe fails, and probes again at the next call', async () => {
    let probes = 0;
    const availability = new DatabaseAvailability(async () => {
      probes += 1;
      throw new Error('connect ECONNREFUSED');
    });
    availability.unavailable(new Error('gone'));
    expect(await availability.confirm()).toBe(false);
    expect(await availability.confirm()).toBe(false);
    expect(probes).toBe(2);
    expect(availability.isAvailable).toBe(false);
  });
});
