import { useNarrowScreen } from './use-narrow-screen';

/**
 * How every table of the admin panel is laid out, at every width: it scrolls sideways, its name
 * column (the first one that is not the actions) stays pinned on the left and its actions column
 * (`valueType: 'option'`) pinned on the right, so a row can be recognised and acted on whatever part
 * of it is scrolled into view. On phones (below the tablet breakpoint, NARROW_SCREEN) the pinned name
 * is narrower so both pinned columns fit on a 360–390 px screen with room left to scroll the rest.
 */

/** The name column's width on phones (its text wraps). */
export const PHONE_NAME_WIDTH = 110;

/** What the layout reads and sets on a column (ProTable's and antd Table's columns both have these). */
interface LayoutColumn {
  valueType?: unknown;
  fixed?: unknown;
  width?: unknown;
}

/** Whether a column is a table's actions column. */
export function isActionsColumn(column: LayoutColumn): boolean {
  return column.valueType === 'option';
}

/** The columns with the name pinned left and the actions pinned right (see the header). */
export function pinColumns<C extends LayoutColumn>(columns: C[], narrow: boolean): C[] {
  const nameIndex = columns.findIndex((column) => !isActionsColumn(column));
  return columns.map((column, index) => {
    if (isActionsColumn(column)) return { ...column, fixed: 'right' };
    if (index !== nameIndex) return column;
    const width = narrow && typeof column.width === 'number' ? Math.min(column.width, PHONE_NAME_WIDTH) : column.width;
    return { ...column, fixed: 'left', width };
  });
}

/** A sideways scroll for a table: its own width, or as wide as its content. */
export function tableScroll(x: number | string | undefined): { x: number | string } {
  return { x: x ?? 'max-content' };
}

/**
 * The table layout for the current screen: `narrow` (phone) and `columns`, which pins the name and
 * actions columns. Read synchronously on the first render: ProTable takes its column layout from the
 * first one, so tables are keyed on `narrow` to be re-created when the width crosses the breakpoint.
 */
export function useTableLayout() {
  const narrow = useNarrowScreen();
  return { narrow, columns: <C extends LayoutColumn>(columns: C[]) => pinColumns(columns, narrow) };
}
