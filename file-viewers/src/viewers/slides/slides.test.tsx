import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ViewerError } from '../../errors';
import { FileViewer } from '../../file-viewer';
import type { FileSource } from '../../types';
import { brokenXmlPptx, damagedPptx, notAPresentation, odpDeck, pptxDeck } from '../../../fixtures/slides.mjs';
import SlidesViewer, { readDeck } from './index';

// jsdom has no TextDecoder (openPackage reads parts with it) nor TextEncoder.
Object.assign(globalThis, {
  TextDecoder: globalThis.TextDecoder ?? NodeTextDecoder,
  TextEncoder: globalThis.TextEncoder ?? NodeTextEncoder,
});

const i18n = i18next.createInstance();
void i18n
  .use(initReactI18next)
  .init({ lng: 'en-US', fallbackLng: 'en-US', resources: {}, initAsync: false, interpolation: { escapeValue: false } });

const created: string[] = [];
beforeAll(() => {
  let n = 0;
  URL.createObjectURL = jest.fn(() => {
    n += 1;
    const url = `blob:http://localhost/slide-image-${n}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
});
afterEach(() => void i18n.changeLanguage('en-US'));

function sourceOf(name: string, bytes: Uint8Array): FileSource {
  // jsdom's Blob has no arrayBuffer(); the viewer reads the bytes through it as a browser would.
  const blob = Object.assign(new Blob([bytes as BlobPart]), { arrayBuffer: async () => bytes.slice().buffer });
  return { name, size: bytes.byteLength, blob };
}

function show(name: string, bytes: Uint8Array, onError = jest.fn()) {
  const view = render(
    <I18nextProvider i18n={i18n}>
      <FileViewer source={sourceOf(name, bytes)} />
    </I18nextProvider>,
  );
  return { ...view, onError };
}

/** Opens the file in the file viewer and waits for the deck to be shown: the slides viewer's element. */
async function openDeck(name: string, bytes: Uint8Array, timeout = 5000): Promise<HTMLElement> {
  show(name, bytes);
  return screen.findByTestId('viewer-slides', {}, { timeout });
}

function showViewer(name: string, bytes: Uint8Array, onError = jest.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      {/* FileViewer adds the texts; rendered once so the viewer alone finds them. */}
      <FileViewer source={sourceOf('none.txt', new Uint8Array())} kind="other" />
      <SlidesViewer source={sourceOf(name, bytes)} kind="slides" label="Content" onError={onError} />
    </I18nextProvider>,
  );
  return onError;
}

describe('slides viewer (.pptx)', () => {
  it('shows the first slide’s text, the counter, and turns to the next slide with the button', async () => {
    const viewer = await openDeck('quarterly.pptx', pptxDeck());
    expect(within(viewer).getByText('Quarterly report')).toBeInTheDocument();
    expect(within(viewer).getByText('finance team')).toHaveStyle({ fontWeight: '700', color: '#c00000' });
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('1 / 3');
    expect(screen.getByTestId('slides-previous')).toBeDisabled();

    fireEvent.click(screen.getByTestId('slides-next'));
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('2 / 3');
    expect(screen.queryByText('Quarterly report')).not.toBeInTheDocument();
    expect(screen.getByText('Highlights')).toBeInTheDocument();
    // Bullets come from the master's body style; the nested one from its own level.
    const revenue = screen.getByText('Revenue grew 12%').closest('.cv-slides-p')!;
    expect(revenue).toHaveTextContent('•Revenue grew 12%');
    expect(screen.getByText('Opened in Lyon').closest('.cv-slides-p')).toHaveStyle({ marginLeft: '1.5em' });
  });

  it('shows the layout’s logo on the first slide and keeps its blob: URL while it is shown', async () => {
    show('quarterly.pptx', pptxDeck());
    const logo = await screen.findByRole('img', { name: 'Company logo' }, { timeout: 5000 });
    const src = logo.getAttribute('src')!;
    expect(src).toMatch(/^blob:/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith(src);
    expect(logo.closest('[data-testid="slides-slide"]')).toBeInTheDocument();
  });

  it('places a placeholder without its own position where the layout puts it', async () => {
    show('quarterly.pptx', pptxDeck());
    const title = await screen.findByText('Quarterly report', {}, { timeout: 5000 });
    // Layout title: x 36pt, y 24pt, 648×72pt on a 720×405pt slide.
    expect(title.closest('.cv-slides-item')).toHaveStyle({ left: '5%', top: `${(24 / 405) * 100}%`, width: '90%' });
  });

  it('shows the picture of slide 3 as a blob: URL made in the page, a table as text, and ignores an external picture', async () => {
    const { unmount } = show('quarterly.pptx', pptxDeck());
    const viewer = await screen.findByTestId('viewer-slides', {}, { timeout: 5000 });
    fireEvent.keyDown(viewer, { key: 'End' });
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('3 / 3');
    const images = within(screen.getByTestId('slides-slide')).getAllByRole('img');
    // The layout's logo and the slide's photo; the external picture is not drawn.
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Company logo', 'Photo of the office']);
    images.forEach((image) => expect(image.getAttribute('src')).toMatch(/^blob:/));
    expect(screen.getByRole('cell', { name: 'Lyon' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Staff' })).toBeInTheDocument();
    expect(screen.getByTestId('slides-slide')).toHaveStyle({ background: '#f3f6fb' });
    expect(screen.getByText('Opening in May').closest('.cv-slides-item')).toHaveStyle({ background: '#fff2cc' });
    const src = images[1]!.getAttribute('src')!;
    expect(created).toContain(src);
    // Still shown, so not freed; freed once the viewer goes away.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith(src);
    unmount();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(src));
  });

  it('turns slides with the ← and → keys and jumps from the slide list', async () => {
    const viewer = await openDeck('quarterly.pptx', pptxDeck(5));
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('3 / 5');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('2 / 5');
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 5' }));
    expect(screen.getByText('Point 5')).toBeInTheDocument();
    expect(screen.getByTestId('slides-next')).toBeDisabled();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('5 / 5');
  });

  it('shows at most 500 slides of a longer deck and says how many are left out', async () => {
    const viewer = await openDeck('long.pptx', pptxDeck(503), 10000);
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('1 / 500');
    expect(within(viewer).getByText('Only the first 500 slides are shown; 3 more are not.')).toBeInTheDocument();
    fireEvent.keyDown(viewer, { key: 'End' });
    expect(screen.getByText('Point 500')).toBeInTheDocument();
  }, 20000);

  it('speaks Chinese in the zh-CN interface', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    await openDeck('quarterly.pptx', pptxDeck());
    expect(screen.getByTestId('slides-next')).toHaveTextContent('下一张');
    expect(screen.getByTestId('slides-slide')).toHaveAccessibleName('第 1 张幻灯片，共 3 张');
  });
});

describe('slides viewer (.odp)', () => {
  it('shows the title and styled text of slide 1, then the list and picture of slide 2', async () => {
    const viewer = await openDeck('roadmap.odp', odpDeck());
    expect(within(viewer).getByText('Roadmap 2027')).toBeInTheDocument();
    expect(within(viewer).getByText('Impress')).toHaveStyle({ fontStyle: 'italic', color: '#b91c1c' });
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('1 / 2');
    expect(screen.getByTestId('slides-slide')).toHaveStyle({ background: '#fdf6e3' });
    expect(within(viewer).getByRole('img', { name: 'Company logo' }).getAttribute('src')).toMatch(/^blob:/);
    expect(within(viewer).queryByText('Click to add a title')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('slides-next'));
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('2 / 2');
    expect(screen.getByText('Beta in spring').closest('.cv-slides-p')).toHaveTextContent('●Beta in spring');
    expect(screen.getByText('Europe first').closest('.cv-slides-p')).toHaveStyle({ marginLeft: '1.5em' });
    // The master's logo and the slide's chart; the picture from another site is not drawn.
    const images = within(screen.getByTestId('slides-slide')).getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual(['Company logo', 'Growth chart']);
    images.forEach((image) => expect(image.getAttribute('src')).toMatch(/^blob:/));
  });

  it('reads the page size from styles.xml (28 × 15.75 cm)', async () => {
    const deck = await readDeck(odpDeck());
    expect(deck.width / deck.height).toBeCloseTo(28 / 15.75, 3);
    expect([deck.slide(0).title, deck.slide(1).title]).toEqual(['Roadmap 2027', 'Milestones']);
    const outline = deck.slide(1).items[2]!;
    expect(outline.type === 'text' && outline.box).toEqual({
      x: (2 / 28) * 100,
      y: (4 / 15.75) * 100,
      w: (13 / 28) * 100,
      h: (10 / 15.75) * 100,
    });
  });
});

describe('slides viewer on files it cannot show', () => {
  it.each([
    ['a truncated zip', damagedPptx()],
    ['a zip that is no presentation', notAPresentation()],
    ['a presentation part that is not XML', brokenXmlPptx()],
    ['bytes that are not a zip', new NodeTextEncoder().encode('not a zip at all')],
  ])('reports %s as damaged', async (_, bytes) => {
    const onError = showViewer('broken.pptx', bytes);
    await waitFor(() => expect(onError).toHaveBeenCalled(), { timeout: 5000 });
    const error = onError.mock.calls[0]![0] as unknown;
    expect(error).toBeInstanceOf(ViewerError);
    expect((error as ViewerError).reason).toBe('damaged');
    expect(screen.queryByTestId('viewer-slides')).not.toBeInTheDocument();
  });

  it('shows the slides it can read and says which one it cannot', async () => {
    const viewer = await openDeck('partly.pptx', pptxDeck(3, { unreadable: [2] }));
    expect(within(viewer).getByText('Quarterly report')).toBeInTheDocument();
    expect(within(viewer).queryByText('This slide could not be read.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('slides-next'));
    expect(screen.getByTestId('slides-counter')).toHaveTextContent('2 / 3');
    expect(within(viewer).getByText('This slide could not be read.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('slides-next'));
    expect(within(viewer).getByText('Our new office')).toBeInTheDocument();
  });

  it('reports a deck whose first slide cannot be read as damaged', async () => {
    const onError = showViewer('broken.pptx', pptxDeck(3, { unreadable: [1] }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ reason: 'damaged' })), { timeout: 5000 });
  });

  it('falls back to the download with the reason in the layer', async () => {
    show('broken.pptx', damagedPptx());
    expect(await screen.findByTestId('viewer-fallback', {}, { timeout: 5000 })).toHaveAttribute('data-reason', 'damaged');
  });
});
