import { screen, waitFor } from '@testing-library/react';
import { fakeFetch, makeKernel, ORIGIN } from '../../../test/test-kernel';
import { renderShare } from '../../../server-render';
import { liveFirstScreen, removeFirstScreen } from '../../../test/first-screen';
import { withoutIds } from '../../../server-render/markup';
import { renderPastePage } from './render-paste-page';

// The server's build (react-dom/server for Node), not the browser's that jsdom would pick.
jest.mock('react-dom/server', () => jest.requireActual('react-dom/server.node'));

const PASTE = {
  id: 'p1',
  slug: 'abc',
  content: '# Handbook\n\nFirst part.\n\n## Second\n\nMore text.',
  remark: 'Team notes',
  expiresAt: null,
  maxViews: 10,
  views: 3,
  createdAt: '2025-07-01T08:00:00.000Z',
  updatedAt: '2025-07-01T08:00:00.000Z',
  created_by: null,
};

/** The boot page's live first screen with the server's rendering of the paste's page. */
async function serverScreen() {
  const rendered = await renderShare({ kind: 'paste', slug: 'abc', status: 200, body: PASTE, origin: ORIGIN });
  return liveFirstScreen(rendered!.html);
}

afterEach(removeFirstScreen);

describe('PastePage taking over the server’s first screen', () => {
  it('keeps the server’s rendered text (same nodes), lays out its head as the server did and hands the first screen over', async () => {
    const first = await serverScreen();
    const chunk = first.querySelector('[data-server-rendered="paste"] > .cp-md-chunk')!;
    const servedHead = first.querySelector('[data-lang="en-US"] > header')!.outerHTML;
    const servedMeta = first.querySelector('[data-lang="en-US"] > dl')!.outerHTML;
    const fetch = fakeFetch(() => ({ body: PASTE }));
    renderPastePage(makeKernel({ fetchImpl: fetch.impl }));
    const content = await screen.findByTestId('paste-content');
    expect(content.firstElementChild).toBe(chunk);
    expect(first).toHaveAttribute('data-adopted', 'true');
    await waitFor(() => expect(screen.getByTestId('copy-formatted')).toBeEnabled());
    expect(screen.getByTestId('paste-outline')).toBeInTheDocument();
    expect(withoutIds(content.closest('section')!.querySelector(':scope > header')!.outerHTML)).toBe(servedHead);
    expect(withoutIds(screen.getByTestId('paste-meta').outerHTML)).toBe(servedMeta);
    expect(fetch.calls.filter((call) => call.method === 'GET')).toHaveLength(1);
  });
});
