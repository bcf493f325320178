import { claimFirstScreen, dismissFirstScreen, dismissWhenPageIn, firstScreenShown, resetFirstScreenForTests } from './first-screen';

/** The boot page's body as the gateway writes it: the React root, then the first screen. */
function bootPage(firstScreen: string) {
  document.body.innerHTML = `<div id="root"></div><div id="cc-first-screen" class="cc-first-screen">${firstScreen}</div>`;
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
    const stop = dismissWhenPageIn(mount);

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
    dismissWhenPageIn(mount);
    expect(document.getElementById('cc-first-screen')).toBeNull();
    dismissFirstScreen();
    expect(firstScreenShown()).toBe(false);
  });
});
