import type { ReactElement, ReactNode } from 'react';
import type { FirstScreen } from '../types/remote';

/**
 * The two first screens of a page only visitors with a stored credential can use: both show the
 * page's top (`render`); a visitor without a credential also gets the login notice, which `render`
 * places where the page shows it (`notice` is `null` for a signed-in visitor).
 */
export function signedInPageFirstScreens(
  pattern: string,
  render: (notice: ReactNode) => ReactElement,
  signedOutNotice: () => ReactElement,
): FirstScreen[] {
  return [
    { pattern, session: 'signed-out', render: () => render(signedOutNotice()) },
    { pattern, session: 'signed-in', render: () => render(null) },
  ];
}
