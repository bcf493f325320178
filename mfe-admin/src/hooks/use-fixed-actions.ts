import { useEffect, useState } from 'react';

const WIDE = '(min-width: 576px)';

function matches(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(WIDE).matches : true;
}

/**
 * Keeps the actions column pinned on the right, except on phones where it would hide the rest of the
 * row. Read synchronously on the first render: ProTable takes its column layout from the first one
 * (tables are keyed on this value so a change of width re-creates them).
 */
export function useFixedActions(): 'right' | undefined {
  const [wide, setWide] = useState(matches);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);
  return wide ? 'right' : undefined;
}

/** On phones (actions not pinned) the actions column moves next to the first column, so it is on screen. */
export function arrangeColumns<C extends { valueType?: unknown }>(columns: C[], fixed: 'right' | undefined): C[] {
  if (fixed) return columns;
  const index = columns.findIndex((column) => column.valueType === 'option');
  if (index <= 1) return columns;
  const actions = columns[index] as C;
  const rest = columns.filter((_, position) => position !== index);
  return [...rest.slice(0, 1), actions, ...rest.slice(1)];
}
