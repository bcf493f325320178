import { configure } from '@testing-library/react';

// jsdom does not implement getComputedStyle(element, pseudoElement) (rc-util measures scrollbars with it).
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = ((element: Element, pseudoElement?: string | null) =>
  originalGetComputedStyle(element, pseudoElement ? undefined : pseudoElement)) as typeof window.getComputedStyle;

// antd forms validate asynchronously; on a loaded 2-core CI machine that can take longer than
// testing-library's default 1 s wait.
configure({ asyncUtilTimeout: 5000 });
