import { envelope, envelopeWithoutSuccess, errorEnvelope, errorEnvelopeWithoutData, flat } from './envelope';

describe('response envelopes', () => {
  it('builds shape E with data, or without the data key when there is none', () => {
    expect(envelope('ok', { a: 1 })).toEqual({ code: 200, message: 'ok', data: { a: 1 }, success: true });
    expect(envelope('ok')).toStrictEqual({ code: 200, message: 'ok', success: true });
    expect(envelope('created', { id: 'x' }, 201).code).toBe(201);
  });

  it('keeps null data in shape E (only undefined is omitted)', () => {
    expect(envelope('ok', null)).toStrictEqual({ code: 200, message: 'ok', data: null, success: true });
  });

  it('builds shape E− without success', () => {
    expect(envelopeWithoutSuccess('ok', { t: 1 })).toStrictEqual({ code: 200, message: 'ok', data: { t: 1 } });
    expect(envelopeWithoutSuccess('ok')).toStrictEqual({ code: 200, message: 'ok' });
  });

  it('passes shape F through unchanged', () => {
    const body = { status: 'ok' };
    expect(flat(body)).toBe(body);
  });

  it('builds the default error shape with data null, and the variant without data', () => {
    expect(errorEnvelope(404, 'missing')).toStrictEqual({ code: 404, message: 'missing', success: false, data: null });
    expect(errorEnvelopeWithoutData(400, 'bad')).toStrictEqual({ code: 400, message: 'bad', success: false });
  });
});
