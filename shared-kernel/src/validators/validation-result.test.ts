import { fieldFail, fieldOk, formResult, hasNoErrors, validationError } from './validation-result';

describe('validation-result helpers', () => {
  it('builds an error with the validation namespace and params', () => {
    expect(validationError('fileTooLarge', { size: '1 MB' })).toEqual({ ns: 'validation', key: 'fileTooLarge', params: { size: '1 MB' } });
    expect(validationError('urlRequired').params).toEqual({});
  });

  it('builds passing and failing field results', () => {
    expect(fieldOk(3)).toEqual({ valid: true, value: 3, error: null });
    expect(fieldFail(validationError('urlInvalid'))).toEqual({ valid: false, value: null, error: validationError('urlInvalid') });
  });

  it('treats an empty error map as valid and builds the value', () => {
    const build = jest.fn(() => 'value');
    expect(formResult({}, build)).toEqual({ valid: true, errors: {}, value: 'value' });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('does not build the value when a field has an error', () => {
    const build = jest.fn(() => 'value');
    const errors = { name: validationError('mountNameRequired') };
    expect(formResult(errors, build)).toEqual({ valid: false, errors, value: null });
    expect(build).not.toHaveBeenCalled();
  });

  it('ignores fields explicitly set to undefined', () => {
    expect(hasNoErrors({ name: undefined })).toBe(true);
    expect(hasNoErrors({ name: validationError('mountNameRequired') })).toBe(false);
  });
});
