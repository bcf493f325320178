import { fireEvent } from '@testing-library/react';

/**
 * Types `value` into a table's search box and presses Enter (down and up: the input ignores a second
 * Enter until the key is released).
 */
export function submitSearch(box: HTMLElement, value: string) {
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
