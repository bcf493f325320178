import { useCallback, useRef, type RefCallback } from 'react';

/** What the fixes apply to: a table's scrolling content box and its measure row (or what holds them). */
const TABLE_PARTS = '.ant-table-content, .ant-table-measure-row';

function fixTables(root: HTMLElement) {
  root.querySelectorAll('.ant-table-measure-row input, .ant-table-measure-row button, .ant-table-measure-row a').forEach((element) => {
    if (element.getAttribute('tabindex') !== '-1') element.setAttribute('tabindex', '-1');
  });
  // A table wider than the screen scrolls sideways in its content box: keyboard users reach it
  // (and scroll it with the arrow keys) even when no row holds a control, e.g. an empty table.
  root.querySelectorAll('.ant-table-content').forEach((element) => {
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '0');
  });
}

/** Whether an added node is (or holds, or lands inside) a part of a table the fixes apply to. */
function addsTablePart(node: Node): boolean {
  return (
    node instanceof Element &&
    (node.matches(TABLE_PARTS) || node.querySelector(TABLE_PARTS) !== null || node.closest('.ant-table-measure-row') !== null)
  );
}

/**
 * antd's table clones its header (the "select all" checkbox included) into an `aria-hidden`
 * measure row when it scrolls horizontally. A focusable control inside aria-hidden content is an
 * accessibility error: take the clones out of the tab order. A table's sideways-scrolling content
 * box is made reachable by keyboard.
 *
 * Give the returned ref to the element that holds the table(s). The fixes apply when that element
 * mounts, whenever it is (e.g. only after the server-feature answer), and again whenever table
 * parts are added inside it (a table that mounts or re-renders later); other changes cost nothing.
 * The observer stops when the element unmounts.
 */
export function useTableA11y<T extends HTMLElement = HTMLDivElement>(): RefCallback<T> {
  const observer = useRef<MutationObserver | null>(null);
  return useCallback((root: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!root) return;
    fixTables(root);
    if (typeof MutationObserver === 'undefined') return;
    observer.current = new MutationObserver((records) => {
      if (records.some((record) => Array.from(record.addedNodes).some(addsTablePart))) fixTables(root);
    });
    observer.current.observe(root, { childList: true, subtree: true });
  }, []);
}
