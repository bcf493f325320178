import { scrollIntoViewSettled } from './scroll-into-view';

/** A heading in a chunk whose position moves `shifts` times after a jump (chunks getting their real height). */
function setup(chunked: boolean, shifts: number[]) {
  const container = document.createElement('div');
  container.className = chunked ? 'cp-md cp-md--chunked' : 'cp-md';
  const target = document.createElement('h2');
  container.appendChild(document.createElement('div')).appendChild(target);
  document.body.appendChild(container);
  let top = 0;
  const scroll = jest.fn(() => {
    top = 0;
  });
  target.scrollIntoView = scroll;
  target.getBoundingClientRect = () => ({ top }) as DOMRect;
  const frames: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  const runFrames = (count: number) => {
    for (let i = 0; i < count && frames.length; i += 1) {
      const next = shifts.shift();
      if (next !== undefined) top += next;
      frames.shift()!(performance.now());
    }
  };
  return { scroll, runFrames, frames };
}

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('scrollIntoViewSettled', () => {
  it('jumps again until the target stays put in a chunked document', () => {
    const { scroll, runFrames, frames } = setup(true, [0, 800, 0, 300, 0, 0, 0, 0]);
    scrollIntoViewSettled(document.querySelector('h2')!, { smooth: true });
    runFrames(20);
    expect(scroll).toHaveBeenCalledTimes(3);
    expect(scroll).toHaveBeenCalledWith({ block: 'start' });
    expect(frames).toHaveLength(0);
  });

  it('stops correcting when the reader scrolls', () => {
    const { scroll, runFrames } = setup(true, [0, 800, 500, 500]);
    scrollIntoViewSettled(document.querySelector('h2')!);
    runFrames(2);
    window.dispatchEvent(new Event('wheel'));
    runFrames(5);
    expect(scroll).toHaveBeenCalledTimes(2);
  });

  it('scrolls once, smoothly if asked, in a document that is not chunked', () => {
    const { scroll, frames } = setup(false, []);
    scrollIntoViewSettled(document.querySelector('h2')!, { smooth: true });
    expect(scroll).toHaveBeenCalledWith({ block: 'start', behavior: 'smooth' });
    expect(frames).toHaveLength(0);
  });
});
