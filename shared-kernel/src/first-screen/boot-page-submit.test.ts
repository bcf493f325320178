/**
 * The boot page's start-up script (shared-kernel/build/index.html) holds back a live first screen's
 * form submitted before the code arrived; the page then takes the submit over once.
 */
import { takeEarlySubmit } from './early-first-screen';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a build script (CommonJS), read as the build reads it
const { renderIndexHtml } = require('../../build/index-html.cjs') as {
  renderIndexHtml: (page: { title: string; isHost: boolean }) => string;
};

function startUpScript(): string {
  const html = renderIndexHtml({ title: 'Cloudclip', isHost: true });
  const script = (html.match(/<script>[\s\S]*?<\/script>/g) ?? []).find((block) => block.includes('data-early-form'));
  if (!script) throw new Error("the host's boot page has an inline script for early forms");
  return script.replace(/^<script>|<\/script>$/g, '');
}

// The script installs its listener on the document once, as the boot page does.
beforeAll(() => {
  new Function(startUpScript())();
});

function submit(form: HTMLFormElement): boolean {
  return form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('prevents the native submit of a first-screen form and marks it submitted, for the page to take once', () => {
  document.body.innerHTML = `<div id="cc-first-screen" data-live="build"><div data-lang="en-US">
    <form data-early-form="admin-login"><label>User <input data-early-field="admin-username"></label><button>Sign in</button></form>
  </div></div>`;
  const form = document.querySelector('form') as HTMLFormElement;

  expect(submit(form)).toBe(false);
  expect(form.getAttribute('data-early-submitted')).toBe('true');
  expect(takeEarlySubmit('admin-login')).toBe(true);
  expect(takeEarlySubmit('admin-login')).toBe(false);
});

it("leaves the page's own forms and unmarked forms alone", () => {
  document.body.innerHTML = `<div id="cc-first-screen"><form class="plain"></form></div>
    <div id="root"><form data-early-form="admin-login" class="page"></form></div>`;
  const plain = document.querySelector('form.plain') as HTMLFormElement;
  const page = document.querySelector('form.page') as HTMLFormElement;
  page.addEventListener('submit', (event) => event.preventDefault());

  expect(submit(plain)).toBe(true);
  expect(plain.hasAttribute('data-early-submitted')).toBe(false);
  expect(submit(page)).toBe(false);
  expect(page.hasAttribute('data-early-submitted')).toBe(false);
});

describe("the boot page's first-screen CSS", () => {
  function withBootStyles(screen: string, lang: string): void {
    const styles = renderIndexHtml({ title: 'Cloudclip', isHost: true }).match(/<style>[\s\S]*?<\/style>/g) ?? [];
    document.head.innerHTML = styles.join('');
    document.documentElement.lang = lang;
    document.body.innerHTML = screen;
  }

  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("shows the server-rendered variant of the page's language without its wrapper's box, and hides the other", () => {
    withBootStyles(
      `<div id="cc-first-screen" class="cc-first-screen" data-live="server">
        <div class="cc-fs-variant" data-lang="zh-CN">中文</div>
        <div class="cc-fs-variant" data-lang="en-US">English</div></div>`,
      'en-US',
    );
    const [zh, en] = Array.from(document.querySelectorAll('.cc-fs-variant'));
    expect(zh && getComputedStyle(zh).display).toBe('none');
    expect(en && getComputedStyle(en).display).toBe('contents');
  });

  it('lets the pointer reach a live first screen only', () => {
    withBootStyles('<div id="cc-first-screen" class="cc-first-screen" data-live="build"></div>', 'zh-CN');
    expect(getComputedStyle(document.getElementById('cc-first-screen') as HTMLElement).pointerEvents).toBe('auto');
    document.getElementById('cc-first-screen')?.removeAttribute('data-live');
    expect(getComputedStyle(document.getElementById('cc-first-screen') as HTMLElement).pointerEvents).toBe('none');
  });
});
