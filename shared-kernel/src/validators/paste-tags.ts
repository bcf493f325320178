import { PASTE_TAG_MAX_LENGTH, PASTE_TAGS_MAX, normalisePasteTags, type PasteTagsProblem } from '@cloudclip/contract';
import { fieldFail, fieldOk, validationError, type FieldResult, type ValidationError } from './validation-result';

/** The separator a tag input splits what is typed or pasted on (the contract refuses it inside a tag). */
export const PASTE_TAG_SEPARATOR = ',';

function problemError(problem: PasteTagsProblem): ValidationError {
  switch (problem) {
    case 'tooLong':
      return validationError('pasteTagTooLong', { max: PASTE_TAG_MAX_LENGTH });
    case 'tooMany':
      return validationError('pasteTagsTooMany', { max: PASTE_TAGS_MAX });
    case 'badCharacter':
      return validationError('pasteTagBadCharacter');
    case 'empty':
      return validationError('pasteTagEmpty');
    case 'notAList':
    case 'notText':
      return validationError('pasteTagsInvalid');
  }
}

/**
 * Checks a paste's tag list with the contract's own rule (`normalisePasteTags`, the one the server
 * answers 400 for), so a refused list is explained in the user's language before anything is sent.
 * Valid → the tags as the server will store them (each trimmed, inner spaces as one, duplicates
 * dropped case-insensitively keeping the first spelling, in order). Refused → one of
 * `pasteTagTooLong` / `pasteTagsTooMany` (`{{max}}`), `pasteTagBadCharacter` (a comma or a control
 * character), `pasteTagEmpty`, `pasteTagsInvalid` (not a list of text).
 */
export function validatePasteTags(input: unknown): FieldResult<string[]> {
  const result = normalisePasteTags(input);
  return 'problem' in result ? fieldFail(problemError(result.problem)) : fieldOk(result.tags);
}

/**
 * What a tag input holds after the user commits what they typed (Enter, a comma, a paste): `typed` is
 * split on commas, blank pieces are ignored, and the pieces are added after `current`; the whole list
 * is then checked as `validatePasteTags` does. Nothing typed → `current` unchanged (valid). A refused
 * result leaves it to the caller to keep `current` and the typed text, so nothing the user typed is lost.
 */
export function addPasteTags(current: readonly string[], typed: string): FieldResult<string[]> {
  const pieces = typed.split(PASTE_TAG_SEPARATOR).filter((piece) => piece.trim() !== '');
  if (pieces.length === 0) return fieldOk([...current]);
  return validatePasteTags([...current, ...pieces]);
}
