import type { TFunction } from 'i18next';
import type { ValidationError } from '@cloudclip/shared-kernel';

/** A message for a form field: an i18n key (`ns:key`) with params, or a text as the server sent it. */
export type FieldMessage = { key: string; params?: Record<string, unknown> } | { text: string };

export function fromValidation(error: ValidationError): FieldMessage {
  return { key: `${error.ns}:${error.key}`, params: { ...error.params } };
}

export function messageText(t: TFunction, message: FieldMessage | undefined | null): string | undefined {
  if (!message) return undefined;
  return 'text' in message ? message.text : String(t(message.key, message.params));
}
