/** Frames the correction of a jump may take at most. */
const MAX_SETTLE_FRAMES = 60;
/** Frames the target must stay put before the jump counts as done. */
const STABLE_FRAMES = 3;

/**
 * Scrolls an element of a rendered document to the top of the view. In a chunked document the
 * chunks off screen skip layout (`content-visibility: auto`) and only have an estimated height:
 * after a long jump the chunks that come into view get their real height (a frame or two later)
 * and the target moves. There the jump is instant and repeated, frame by frame, until the target
 * stays where it landed (or the reader scrolls, types or taps). Elsewhere it is one scroll,
 * smooth if asked.
 */
export function scrollIntoViewSettled(target: HTMLElement, { smooth = false }: { smooth?: boolean } = {}): void {
  if (!target.closest('.cp-md--chunked')) {
    target.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    return;
  }
  target.scrollIntoView({ block: 'start' });
  let landed = target.getBoundingClientRect().top;
  let frames = 0;
  let stable = 0;
  let stop = false;
  const interrupt = () => {
    stop = true;
  };
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  events.forEach((type) => window.addEventListener(type, interrupt, { passive: true }));
  const done = () => events.forEach((type) => window.removeEventListener(type, interrupt));
  const check = () => {
    frames += 1;
    if (stop || !target.isConnected) return done();
    if (Math.abs(target.getBoundingClientRect().top - landed) < 1) {
      stable += 1;
      if (stable >= STABLE_FRAMES) return done();
    } else {
      stable = 0;
      target.scrollIntoView({ block: 'start' });
      landed = target.getBoundingClientRect().top;
    }
    if (frames >= MAX_SETTLE_FRAMES) return done();
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}
