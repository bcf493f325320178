import { useEffect, useRef, type RefObject } from 'react';

/**
 * antd's table clones its header (the "select all" checkbox included) into an `aria-hidden`
 * measure row when it scrolls horizontally. A focusable control inside aria-hidden content is an
 * accessibility error: take the clones out of the tab order. A table's sideways-scrolling content
 * box is made reachable by keyboard.
 */
export function useTableA11y<T extends HTMLElement = HTMLDivElement>(): RefObject<T> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    const fix = () => {
      root.querySelectorAll('.ant-table-measure-row input, .ant-table-measure-row button, .ant-table-measure-row a').forEach((element) => {
        if (element.getAttribute('tabindex') !== '-1') element.setAttribute('tabindex', '-1');
      });
      // A table wider than the screen scrolls sideways in its content box: keyboard users reach it
      // (and scroll it with the arrow keys) even when no row holds a control, e.g. an empty table.
      root.querySelectorAll('.ant-table-content').forEach((element) => {
        if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '0');
      });
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}
