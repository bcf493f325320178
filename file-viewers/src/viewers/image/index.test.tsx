import '../media/jsdom-polyfills';
import { act, fireEvent, screen } from '@testing-library/react';
import { ViewerError } from '../../errors';
import type { FileSource } from '../../types';
import { fakeObjectUrls, renderWithTexts } from '../media/test-texts';
import ImageViewer from './index';

/** jsdom lays nothing out: give the box a size and the picture its decoded size, as Chromium would. */
function layOut(stage: HTMLElement, width: number, height: number) {
  Object.defineProperty(stage, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(stage, 'clientHeight', { configurable: true, value: height });
  stage.getBoundingClientRect = () => ({ left: 0, top: 0, width, height, right: width, bottom: height, x: 0, y: 0, toJSON: () => '' });
  act(() => void window.dispatchEvent(new Event('resize')));
}
function decode(img: HTMLElement, width: number, height: number) {
  Object.defineProperty(img, 'naturalWidth', { configurable: true, value: width });
  Object.defineProperty(img, 'naturalHeight', { configurable: true, value: height });
  fireEvent.load(img);
}

const photo: FileSource = { name: 'photo.jpg', size: 2000, url: '/api/file-view/photo' };

function show(source = photo, kind: 'image' | 'svg' = 'image', onError = jest.fn()) {
  const previous = window.ResizeObserver;
  // The window's resize stands in for ResizeObserver, which jsdom lacks.
  delete (window as { ResizeObserver?: unknown }).ResizeObserver;
  renderWithTexts(<ImageViewer source={source} kind={kind} label={`Content of ${source.name}`} onError={onError} />);
  if (previous) window.ResizeObserver = previous;
  const stage = screen.getByTestId('image-stage');
  const img = screen.getByTestId('preview-image');
  return { stage, img, onError };
}

describe('ImageViewer', () => {
  test('shows the picture whole at first, with its oriented size', () => {
    const { stage, img } = show();
    expect(screen.getByTestId('viewer-image')).toContainElement(img);
    expect(img).toHaveAttribute('src', '/api/file-view/photo');
    expect(img).toHaveAttribute('alt', 'photo.jpg');
    layOut(stage, 800, 600);
    // An EXIF-rotated 4000×3000 photo: Chromium reports the oriented 3000×4000.
    decode(img, 3000, 4000);
    expect(screen.getByTestId('image-dimensions')).toHaveTextContent('3000 × 4000');
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('15%');
    expect(img.style.width).toBe('450px');
    expect(img.style.height).toBe('600px');
    expect(screen.getByTestId('image-fit')).toHaveAttribute('aria-pressed', 'true');
  });

  test('zooms with the buttons, the keys and Ctrl+wheel, and pans by dragging when zoomed', () => {
    const { stage, img } = show();
    layOut(stage, 800, 600);
    decode(img, 4000, 3000);
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('20%');
    expect(screen.getByTestId('image-zoom-out')).toBeDisabled();
    fireEvent.click(screen.getByTestId('image-zoom-in'));
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('25%');
    expect(screen.getByTestId('image-fit')).toHaveAttribute('aria-pressed', 'false');
    fireEvent.keyDown(stage, { key: '+' });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('31%');
    fireEvent.keyDown(stage, { key: '0' });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('20%');

    // A plain wheel leaves the zoom (and the page scrolls); with Ctrl it zooms.
    fireEvent.wheel(stage, { deltaY: -100, clientX: 400, clientY: 300 });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('20%');
    fireEvent.wheel(stage, { deltaY: -100, ctrlKey: true, clientX: 400, clientY: 300 });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('24%');

    fireEvent.click(screen.getByTestId('image-actual-size'));
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('100%');
    expect(img.style.transform).toBe('translate(calc(-50% + 0px), calc(-50% + 0px))');
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 400, clientY: 300 });
    fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 250 });
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'mouse', clientX: 300, clientY: 250 });
    expect(img.style.transform).toBe('translate(calc(-50% + -100px), calc(-50% + -50px))');
  });

  test('pinching with two fingers zooms', () => {
    const { stage, img } = show();
    layOut(stage, 800, 600);
    decode(img, 4000, 3000);
    fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: 300, clientY: 300 });
    fireEvent.pointerDown(stage, { pointerId: 2, pointerType: 'touch', clientX: 500, clientY: 300 });
    fireEvent.pointerMove(stage, { pointerId: 2, pointerType: 'touch', clientX: 700, clientY: 300 });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('40%');
    fireEvent.pointerUp(stage, { pointerId: 2, pointerType: 'touch' });
    fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch' });
  });

  test('double click switches between fit and 100 %', () => {
    const { stage, img } = show();
    layOut(stage, 800, 600);
    decode(img, 4000, 3000);
    fireEvent.doubleClick(stage, { clientX: 400, clientY: 300 });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('100%');
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 1000);
    fireEvent.doubleClick(stage, { clientX: 400, clientY: 300 });
    expect(screen.getByTestId('image-zoom-level')).toHaveTextContent('20%');
    jest.restoreAllMocks();
  });

  test('an SVG is only an <img> of a blob address, never inline markup', () => {
    fakeObjectUrls();
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><script>document.title="ran"</script></svg>';
    const { img, stage } = show({ name: 'logo.svg', size: svg.length, blob: new Blob([svg], { type: 'image/svg+xml' }) }, 'svg');
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toMatch(/^blob:test\//);
    expect(document.querySelector('svg, object, iframe, embed')).toBeNull();
    layOut(stage, 800, 600);
    decode(img, 120, 80);
    expect(screen.getByTestId('image-dimensions')).toHaveTextContent('120 × 80');
    expect(document.title).not.toBe('ran');
  });

  test('a picture that cannot be decoded falls back as damaged', () => {
    const { img, onError } = show();
    fireEvent.error(img);
    expect(onError).toHaveBeenCalledWith(expect.any(ViewerError));
    expect((onError.mock.calls[0]![0] as ViewerError).reason).toBe('damaged');
  });

  test('speaks Chinese on a Chinese page', () => {
    renderWithTexts(<ImageViewer source={photo} kind="image" label="x" onError={jest.fn()} />, 'zh-CN');
    expect(screen.getByTestId('image-fit')).toHaveTextContent('适应窗口');
  });
});
