/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import { signedInPageFirstScreens } from './signed-in-page-first-screens';

describe('signedInPageFirstScreens', () => {
  const screens = signedInPageFirstScreens(
    '^/upload/?$',
    (notice) => (
      <main>
        <h1>Upload</h1>
        {notice}
      </main>
    ),
    () => <p>Sign in first</p>,
  );

  it('gives a signed-out and a signed-in screen for the same address pattern', () => {
    expect(screens.map(({ pattern, session }) => ({ pattern, session }))).toEqual([
      { pattern: '^/upload/?$', session: 'signed-out' },
      { pattern: '^/upload/?$', session: 'signed-in' },
    ]);
  });

  it('adds the login notice only to the signed-out screen', () => {
    expect(screens.map((screen) => renderToStaticMarkup(screen.render()))).toEqual([
      '<main><h1>Upload</h1><p>Sign in first</p></main>',
      '<main><h1>Upload</h1></main>',
    ]);
  });
});
