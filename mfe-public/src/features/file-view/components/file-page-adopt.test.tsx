import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { fakeFetch, makeKernel, ORIGIN, renderWithKernel } from '../../../test/test-kernel';
import { publicFile, serveFileText } from '../../../test/public-file';
import { renderShare } from '../../../server-render';
import { liveFirstScreen, removeFirstScreen } from '../../../test/first-screen';
import { withoutIds } from '../../../server-render/markup';
import { FilePage } from './file-page';

// The server's build (react-dom/server for Node), not the browser's that jsdom would pick.
jest.mock('react-dom/server', () => jest.requireActual('react-dom/server.node'));

const FILE = publicFile({ slug: 'F1', filename: 'notes.txt', max_views: 5, remark: 'for the team' });

/** The boot page's live first screen holding the server's rendering of the file's page. */
async function serverScreen() {
  const rendered = await renderShare({
    kind: 'file',
    slug: 'F1',
    status: 200,
    body: { code: 200, success: true, data: FILE },
    origin: ORIGIN,
  });
  return liveFirstScreen(rendered!.html);
}

let text: ReturnType<typeof serveFileText>;
beforeEach(() => (text = serveFileText('hello')));
afterEach(() => {
  text.restore();
  removeFirstScreen();
});

describe('FilePage taking over the server’s first screen', () => {
  it('renders the details card as the server did and lets the first screen go with its first render', async () => {
    const first = await serverScreen();
    const fetch = fakeFetch(() => ({ body: { code: 200, success: true, data: FILE } }));
    renderWithKernel(
      <Routes>
        <Route path="/file/:slug" element={<FilePage />} />
      </Routes>,
      makeKernel({ fetchImpl: fetch.impl }),
      '/file/F1',
    );
    expect(first).not.toHaveAttribute('data-adopted');
    const info = await screen.findByTestId('file-info');
    expect(first).toHaveAttribute('data-adopted', 'true');
    const card = info.closest('section')!;
    const served = first.querySelector('[data-lang="en-US"] .cp-file-layout__side > section')!;
    expect(withoutIds(card.outerHTML)).toBe(served.outerHTML);
    const download = first.querySelector('[data-lang="en-US"] a.cp-file-actions__download')!;
    expect(download.getAttribute('href')).toBe(screen.getByTestId('file-download').getAttribute('href'));
  });
});
