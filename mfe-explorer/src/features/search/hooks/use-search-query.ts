import { useCallback, useEffect, useState } from 'react';
import { validateSearchQuery, type ValidationError } from '@cloudclip/shared-kernel';

/** Pause after the last keystroke before a search is sent (Enter sends at once). */
export const SEARCH_DEBOUNCE_MS = 300;

interface QueryEntry {
  /** The folder the text was typed in: another folder starts with an empty field. */
  directory: string;
  text: string;
  /** The query searched for: trimmed and accepted by the contract's rule; '' = none. */
  query: string;
}

export interface SearchQuery {
  /** What the field shows. */
  text: string;
  setText: (text: string) => void;
  /** Searches for the text now instead of after the pause. */
  submit: () => void;
  clear: () => void;
  /** True while the field holds a query: its results replace the listing. */
  active: boolean;
  /** Why the text would be refused (too long, too many terms): shown instead of results, nothing is sent. */
  problem: ValidationError | null;
  /** The accepted query to search for ('' until one is). */
  query: string;
}

/**
 * The search field's text and the query it stands for, below one folder: validated with the contract's
 * rule on every keystroke, searched for after a short pause (debounced), reset when the folder changes.
 */
export function useSearchQuery(directory: string): SearchQuery {
  const [entry, setEntry] = useState<QueryEntry>({ directory, text: '', query: '' });
  const current = entry.directory === directory ? entry : { directory, text: '', query: '' };
  const check = validateSearchQuery(current.text);
  const wanted = check.valid ? check.value : '';

  useEffect(() => {
    if (wanted === current.query) return undefined;
    const timer = setTimeout(
      () => setEntry((previous) => (previous.directory === directory ? { ...previous, query: wanted } : previous)),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [directory, wanted, current.query]);

  const setText = useCallback(
    (text: string) =>
      setEntry((previous) => ({ directory, text, query: text.trim() === '' || previous.directory !== directory ? '' : previous.query })),
    [directory],
  );
  const clear = useCallback(() => setEntry({ directory, text: '', query: '' }), [directory]);
  const submit = () => {
    if (check.valid) setEntry({ directory, text: current.text, query: check.value });
  };

  return {
    text: current.text,
    setText,
    submit,
    clear,
    active: current.text.trim() !== '',
    problem: check.error,
    query: current.query,
  };
}
