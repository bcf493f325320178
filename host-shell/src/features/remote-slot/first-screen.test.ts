import { EventBus } from '@cloudclip/shared-kernel';
import {
  FIRST_SCREEN_GRACE_MS,
  claimFirstScreen,
  dismissFirstScreen,
  dismissUnlessAwaitingAdoption,
  dismissWhenPageIn,
  firstScreenShown,
  resetFirstScreenForTests,
} from './first-screen';

/** The boot page's body as the gateway writes it: the React root, then the first screen. */
function bootPage(firstScreen: string, attributes = '') {
  document.body.innerHTML = `<div id="root"></div><div id="cc-first-screen" class="cc-first-screen"${attributes}>${firstScreen}</div>`;
}

/** Mutation observers report in a microtask. */
const flushMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  resetFirstScreenForTests();
  delete document.documentElement.dataset.firstScreen;
});

describe('first screen', () => {
  it('is claimed where the gateway put it, and the shell makes room for it (html data-first-screen)', () => {
    bootPage('<div data-lang="en-US"><h1>Editor</h1></div>');
    const element = claimFirstScreen();
    expect(element?.textContent).toBe('Editor');
    expect(element?.previousElementSibling?.id).toBe('root');
    expect(document.documentElement.dataset.firstScreen).toBe('shown');
    expect(firstScreenShown()).toBe(true);
  });

  it('an empty placeholder (no gateway, or a page without one) is removed and nothing is shown', () => {
    bootPage('');
    expect(claimFirstScreen()).toBeNull();
    expect(document.getElementById('cc-first-screen')).toBeNull();
    expect(document.documentElement.dataset.firstScreen).toBeUndefined();
  });

  it("goes when the remote's page (an element with data-area) arrives in the mount, and not before", async () => {
    bootPage('<div data-lang="en-US"><h1>Upload</h1></div>');
    const mount = document.createElement('div');
    document.getElementById('root')?.appendChild(mount);
    claimFirstScreen();
    const stop = dismissWhenPageIn(mount, new EventBus());

    mount.innerHTML = '<div class="spinner">Loading…</div>';
    await flushMutations();
    expect(document.getElementById('cc-first-screen')).not.toBeNull();

    const wrapper = document.createElement('div');
    mount.replaceChildren(wrapper);
    wrapper.innerHTML = '<section data-area="upload"><h1>Upload</h1></section>';
    await flushMutations();
    expect(document.getElementById('cc-first-screen')).toBeNull();
    expect(document.documentElement.dataset.firstScreen).toBeUndefined();
    expect(firstScreenShown()).toBe(false);
    stop();
  });

  it('is dismissed at once when the page is already there, and dismissing twice is harmless', () => {
    bootPage('<div data-lang="en-US"><h1>Explorer</h1></div>');
    const mount = document.createElement('div');
    mount.innerHTML = '<section data-area="explorer"></section>';
    dismissWhenPageIn(mount, new EventBus());
    expect(document.getElementById('cc-first-screen')).toBeNull();
    dismissFirstScreen();
    expect(firstScreenShown()).toBe(false);
  });

  describe('live (data-live)', () => {
    const liveScreen = '<div data-lang="en-US"><label>Content <textarea data-early-field="paste-content"></textarea></label></div>';

    function mountWithPage(): HTMLElement {
      const mount = document.createElement('div');
      mount.innerHTML = '<section data-area="public"><p>Loading…</p></section>';
      document.getElementById('root')?.appendChild(mount);
      return mount;
    }

    it("stays when the page is in, and goes in the same task as the page's adoption event", async () => {
      bootPage(liveScreen, ' data-live="build"');
      const bus = new EventBus();
      const mount = mountWithPage();
      dismissWhenPageIn(mount, bus);
      await flushMutations();
      dismissUnlessAwaitingAdoption();
      expect(firstScreenShown()).toBe(true);

      bus.emit('first-screen-adopted', {});
      expect(document.getElementById('cc-first-screen')).toBeNull();
      expect(document.documentElement.dataset.firstScreen).toBeUndefined();
    });

    it('goes as soon as the page is in when it shows this visitor nothing (every block hidden by the page CSS)', async () => {
      bootPage(
        '<style>[data-session="signed-out"]{display:none}</style><div data-lang="en-US" data-session="signed-out"><form data-early-form="admin-login"></form></div>',
        ' data-live="build"',
      );
      const mount = mountWithPage();
      dismissWhenPageIn(mount, new EventBus());
      await flushMutations();
      expect(firstScreenShown()).toBe(false);
    });

    it('goes at once when the page adopted it before the host listened', () => {
      bootPage(liveScreen, ' data-live="server" data-adopted="true"');
      dismissWhenPageIn(mountWithPage(), new EventBus());
      expect(firstScreenShown()).toBe(false);
    });

    it('goes the grace period after the page is in when the page never adopts it', () => {
      jest.useFakeTimers();
      try {
        bootPage(liveScreen, ' data-live="server"');
        dismissWhenPageIn(mountWithPage(), new EventBus());
        jest.advanceTimersByTime(FIRST_SCREEN_GRACE_MS - 1);
        expect(firstScreenShown()).toBe(true);
        jest.advanceTimersByTime(1);
        expect(firstScreenShown()).toBe(false);
      } finally {
        jest.useRealTimers();
      }
    });

    it("without a page yet, the slot's rule still removes it; stopping watching ignores a later adoption", () => {
      bootPage(liveScreen, ' data-live="build"');
      const bus = new EventBus();
      const mount = document.createElement('div');
      const stop = dismissWhenPageIn(mount, bus);
      stop();
      bus.emit('first-screen-adopted', {});
      expect(firstScreenShown()).toBe(true);
      dismissUnlessAwaitingAdoption();
      expect(firstScreenShown()).toBe(false);
    });
  });
});
