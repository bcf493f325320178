import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** Id of the results region the field controls (and moves into with the down arrow). */
export const SEARCH_RESULTS_ID = 'ce-search-results';
/** Id of the field itself (focused again when Escape in the results returns to the listing). */
export const SEARCH_INPUT_ID = 'ce-search-input';
/** Id of the refused query's message (shown in the results region), which describes the field. */
export const SEARCH_PROBLEM_ID = 'ce-search-problem';

interface SearchFieldProps {
  text: string;
  onText: (text: string) => void;
  onSubmit: () => void;
  onClear: () => void;
  /** The query is refused: the field is marked invalid and described by the message. */
  invalid: boolean;
  /** True while results are shown (the field then controls them). */
  active: boolean;
}

/**
 * The explorer's search field (below the folder shown). On a phone it is a search button until
 * opened, then takes the toolbar's whole width; Escape clears it (and closes it on a phone), the
 * down arrow moves into the results.
 */
export function SearchField({ text, onText, onSubmit, onClear, invalid, active }: SearchFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const expanded = open || text !== '';

  const close = () => {
    onClear();
    if (open) {
      setOpen(false);
      // The button is shown again by this render; focus it right after.
      requestAnimationFrame(() => toggle.current?.focus());
    } else input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit();
    } else if (event.key === 'ArrowDown' && active) {
      const first = document.getElementById(SEARCH_RESULTS_ID)?.querySelector<HTMLElement>('[data-search-focus="0"]');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  return (
    <div className="ce-search" role="search" data-testid="mount-search" data-open={expanded ? 'true' : 'false'}>
      <button
        ref={toggle}
        type="button"
        className="ce-icon-button ce-search__toggle"
        aria-label={t('search.open')}
        aria-expanded={expanded}
        onClick={() => {
          setOpen(true);
          // The field is shown by this render; focus it right after.
          requestAnimationFrame(() => input.current?.focus());
        }}
        data-testid="mount-search-toggle"
      >
        <span aria-hidden="true">⌕</span>
      </button>
      <div className="ce-search__box">
        <input
          ref={input}
          id={SEARCH_INPUT_ID}
          type="search"
          className="cc-input ce-search__input"
          value={text}
          onChange={(event) => onText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? SEARCH_PROBLEM_ID : undefined}
          aria-controls={active ? SEARCH_RESULTS_ID : undefined}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck={false}
          data-testid="mount-search-input"
        />
        {text !== '' && (
          <button
            type="button"
            className="ce-icon-button ce-search__clear"
            aria-label={t('search.clear')}
            onClick={close}
            data-testid="mount-search-clear"
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </div>
  );
}

/** In the search field's place where the backend does not offer mount search: why there is none. */
export function SearchUnsupported() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <p className="cc-hint ce-search-unsupported" data-testid="mount-search-unsupported">
      {t('common:serverFeatures.unsupported', { feature: t('search.feature') })}
    </p>
  );
}
