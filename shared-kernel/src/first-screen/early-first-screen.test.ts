import { createKernel } from '../kernel';
import { memoryStorage } from '../../testing/memory-storage';
import { FIRST_SCREEN_ADOPTED_ATTRIBUTE, markFirstScreenAdopted, serverRenderedContent, takeEarlyField, takeEarlySubmit } from './index';

function bootPage(inner: string, { live = true, lang = 'en-US' } = {}): HTMLElement {
  document.documentElement.lang = lang;
  document.body.innerHTML = `<div id="cc-first-screen" class="cc-first-screen"${live ? ' data-live="server"' : ''}>${inner}</div>`;
  return document.getElementById('cc-first-screen') as HTMLElement;
}

const editorVariants = `
  <div class="cc-fs-variant" data-lang="zh-CN"><label>内容<textarea data-early-field="paste-content"></textarea></label></div>
  <div class="cc-fs-variant" data-lang="en-US"><label>Content<textarea data-early-field="paste-content"></textarea></label></div>`;

function fields(): [HTMLTextAreaElement, HTMLTextAreaElement] {
  const [zh, en] = Array.from(document.querySelectorAll<HTMLTextAreaElement>('[data-early-field="paste-content"]'));
  if (!zh || !en) throw new Error('both variants hold the editor field');
  return [zh, en];
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeEarlyField', () => {
  it('reads the control of the variant shown for the page language, with its selection and focus', () => {
    bootPage(editorVariants, { lang: 'zh-CN' });
    const [zh, en] = fields();
    zh.value = '你好 world';
    en.value = 'typed in the hidden one';
    zh.focus();
    zh.setSelectionRange(3, 8);

    expect(takeEarlyField('paste-content')).toEqual({ value: '你好 world', selectionStart: 3, selectionEnd: 8, focused: true });
  });

  it('takes another variant’s control when only that one holds what the visitor typed', () => {
    bootPage(editorVariants, { lang: 'zh-CN' });
    const [, en] = fields();
    en.value = 'hello';
    en.setSelectionRange(5, 5);

    expect(takeEarlyField('paste-content')).toEqual({ value: 'hello', selectionStart: 5, selectionEnd: 5, focused: false });
  });

  it('reports an untouched shown control as empty and not focused', () => {
    bootPage(editorVariants, { lang: 'en-US' });
    expect(takeEarlyField('paste-content')).toMatchObject({ value: '', focused: false });
  });

  it("skips the variant for the other session, as the boot page's CSS does", () => {
    bootPage(`
      <div data-lang="en-US" data-session="signed-in"><label>A <input data-early-field="admin-username" value="hidden"></label></div>
      <div data-lang="en-US" data-session="signed-out"><label>B <input data-early-field="admin-username" value="shown"></label></div>`);
    document.documentElement.dataset.session = 'signed-out';
    expect(takeEarlyField('admin-username')?.value).toBe('shown');
    delete document.documentElement.dataset.session;
  });

  it('reads a control outside any language variant', () => {
    bootPage('<form data-early-form="admin-login"><label>User<input data-early-field="admin-username" value="root"></label></form>');
    expect(takeEarlyField('admin-username')?.value).toBe('root');
  });

  it('has no selection for a control without text selection', () => {
    bootPage('<label><input type="checkbox" data-early-field="remember"></label>');
    expect(takeEarlyField('remember')).toMatchObject({ selectionStart: null, selectionEnd: null });
  });

  it('is null without a first screen or without the named control', () => {
    expect(takeEarlyField('paste-content')).toBeNull();
    bootPage(editorVariants);
    expect(takeEarlyField('admin-password')).toBeNull();
  });
});

describe('takeEarlySubmit', () => {
  const loginForms = `
    <div data-lang="zh-CN" class="cc-fs-variant"><form data-early-form="admin-login"><button>登录</button></form></div>
    <div data-lang="en-US" class="cc-fs-variant"><form data-early-form="admin-login"><button>Sign in</button></form></div>`;

  it('is true once after the start-up script marked the form submitted', () => {
    bootPage(loginForms);
    document.querySelectorAll('form')[1]?.setAttribute('data-early-submitted', 'true');

    expect(takeEarlySubmit('admin-login')).toBe(true);
    expect(takeEarlySubmit('admin-login')).toBe(false);
  });

  it('is false when the visitor did not submit, or for another form', () => {
    bootPage(loginForms);
    expect(takeEarlySubmit('admin-login')).toBe(false);
    document.querySelector('form')?.setAttribute('data-early-submitted', 'true');
    expect(takeEarlySubmit('other-form')).toBe(false);
  });
});

describe('serverRenderedContent', () => {
  const content = '<div data-server-rendered="paste" data-chunks="2"><div class="cp-md-chunk"><h1>Hi</h1></div></div>';

  it('finds the server-rendered element of the given kind in a live first screen', () => {
    bootPage(content);
    expect(serverRenderedContent('paste')?.getAttribute('data-chunks')).toBe('2');
    expect(serverRenderedContent('file')).toBeNull();
  });

  it('ignores a first screen that is not live', () => {
    bootPage(content, { live: false });
    expect(serverRenderedContent('paste')).toBeNull();
  });
});

describe('markFirstScreenAdopted', () => {
  it('tells the host on the kernel bus and marks the first screen', () => {
    const kernel = createKernel({ storage: memoryStorage(), origin: 'http://localhost', fetchImpl: jest.fn() as typeof fetch });
    const screen = bootPage(editorVariants);
    const events: string[] = [];
    const subscription = kernel.bus.events$.subscribe((message) => events.push(message.type));

    markFirstScreenAdopted();

    subscription.unsubscribe();
    expect(events).toEqual(['first-screen-adopted']);
    expect(screen.getAttribute(FIRST_SCREEN_ADOPTED_ATTRIBUTE)).toBe('true');
  });
});
