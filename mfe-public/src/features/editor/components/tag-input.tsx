import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PASTE_TAG_SEPARATOR } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Field, describedBy } from '../../../components/field';

interface TagInputProps {
  id: string;
  /** The text box (the form focuses it when sharing is refused because of a tag). */
  inputRef: RefObject<HTMLInputElement>;
  label: string;
  /** The tags added so far (chips). */
  tags: readonly string[];
  /** What is typed but not added yet. */
  draft: string;
  onDraftChange: (draft: string) => void;
  /** Add what is typed (Enter, a comma, a paste with commas): the owner checks it and clears the draft when accepted. */
  onCommit: (draft: string) => void;
  onRemove: (tag: string) => void;
  hint: ReactNode;
  /** Why what is typed is refused (the kernel validator's message), shown under the field. */
  error: string | undefined;
  testId: string;
}

/**
 * A tag field: what is typed becomes a chip on Enter or a comma, each chip has a remove button, and a
 * refused tag keeps its text in the box with the reason under it. Enter on an empty box submits the
 * form as usual. After a removal the focus returns to the box, so the keyboard never loses its place.
 */
export function TagInput({ id, inputRef, label, tags, draft, onDraftChange, onCommit, onRemove, hint, error, testId }: TagInputProps) {
  const { t } = useTranslation(NAMESPACE);

  const change = (value: string) => {
    if (value.includes(PASTE_TAG_SEPARATOR)) onCommit(value);
    else onDraftChange(value);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || draft.trim() === '') return;
    event.preventDefault();
    onCommit(draft);
  };
  const remove = (tag: string) => {
    onRemove(tag);
    inputRef.current?.focus();
  };

  return (
    <Field id={id} label={label} hint={hint} error={error} className="cp-tag-input">
      {tags.length > 0 && (
        <ul className="cp-tag-input__chips" aria-label={t('share.tagsAdded')} data-testid={`${testId}-chips`}>
          {tags.map((tag) => (
            <li key={tag} className="cp-tag-input__chip" data-testid={`${testId}-chip`}>
              <span className="cp-tag-input__text">{tag}</span>
              <button
                type="button"
                className="cp-tag-input__remove"
                aria-label={t('share.tagRemove', { tag })}
                onClick={() => remove(tag)}
                data-testid={`${testId}-remove`}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        id={id}
        className="cc-input"
        value={draft}
        autoComplete="off"
        enterKeyHint="enter"
        placeholder={t('share.tagsPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        data-testid={`${testId}-input`}
      />
    </Field>
  );
}
