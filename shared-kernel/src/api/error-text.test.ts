import { ApiError } from './api-error';
import { errorText } from './error-text';

describe('errorText', () => {
  it("shows an ApiError's (already translated) message, another error's message, else the fallback", () => {
    expect(errorText(new ApiError('Not found here', 'http', 404), 'Request failed')).toBe('Not found here');
    expect(errorText(new ApiError('', 'network', 0), 'Request failed')).toBe('Request failed');
    expect(errorText(new Error('disk full'), 'Request failed')).toBe('disk full');
    expect(errorText(new Error(''), 'Request failed')).toBe('Request failed');
    expect(errorText('a string', 'Request failed')).toBe('Request failed');
    expect(errorText(undefined, 'Request failed')).toBe('Request failed');
  });
});
