import { httpErrorThrownBy } from '../testing/expectations';
import { pasteEnvelope } from '../testing/paste-fixtures';
import { encryptionOfNewPaste, publicMarksOf, rowMarksOf } from './paste-marks';

const ENVELOPE = pasteEnvelope(16, 0, 0);

describe('paste marks', () => {
  it('treats a missing encryption as a normal paste, whatever the content', () => {
    expect(encryptionOfNewPaste(undefined, 'not an envelope')).toBeNull();
    expect(encryptionOfNewPaste(null, 'not an envelope')).toBeNull();
  });

  it('accepts a well-formed envelope for aes-256-gcm/v1', () => {
    expect(encryptionOfNewPaste('aes-256-gcm/v1', ENVELOPE)).toBe('aes-256-gcm/v1');
  });

  it('names the problem of a malformed envelope, and an unknown kind', () => {
    const bad = httpErrorThrownBy(() => encryptionOfNewPaste('aes-256-gcm/v1', '{"v":1,"alg":"AES-256-GCM"}'));
    expect(bad).toMatchObject({ statusCode: 400, messageKey: 'paste.badEnvelope', params: { problem: 'badIv' } });
    const unknown = httpErrorThrownBy(() => encryptionOfNewPaste('rot13', ENVELOPE));
    expect(unknown).toMatchObject({ statusCode: 400, messageKey: 'paste.unsupportedEncryption', params: { encryption: 'rot13' } });
  });

  it('gives each mark only when it is set', () => {
    expect(publicMarksOf({ encryption: null, burn_after_reading: 0 })).toEqual({});
    expect(rowMarksOf({ encryption: null, burn_after_reading: 0 })).toEqual({});
    expect(publicMarksOf({ encryption: 'aes-256-gcm/v1', burn_after_reading: 1 })).toEqual({
      encryption: 'aes-256-gcm/v1',
      burnAfterReading: true,
    });
    expect(rowMarksOf({ encryption: 'aes-256-gcm/v1', burn_after_reading: 1 })).toEqual({
      encryption: 'aes-256-gcm/v1',
      burn_after_reading: 1,
    });
  });
});
