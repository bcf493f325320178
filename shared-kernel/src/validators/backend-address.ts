import { fieldFail, fieldOk, validationError, type FieldResult } from './validation-result';

/**
 * Validates the custom backend base address of the environment switcher.
 * It is applied only when non-empty after trimming: empty / whitespace only
 * → `backendAddressRequired` (the switcher must then neither save nor
 * reload); otherwise valid with the trimmed address, which is what must be
 * saved. No further format check is made (spec §5).
 */
export function validateBackendAddress(input: string | null | undefined): FieldResult<string> {
  const address = typeof input === 'string' ? input.trim() : '';
  if (address === '') {
    return fieldFail(validationError('backendAddressRequired'));
  }
  return fieldOk(address);
}
