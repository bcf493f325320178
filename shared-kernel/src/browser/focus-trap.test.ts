import { keepTabInside } from './focus-trap';

function dialog(): { box: HTMLElement; buttons: HTMLElement[] } {
  document.body.innerHTML = `
    <button id="outside">outside</button>
    <div id="box">
      <input id="name" />
      <button id="disabled" disabled>off</button>
      <a id="help" href="#help">help</a>
      <button id="save">save</button>
    </div>`;
  const byId = (id: string) => document.getElementById(id)!;
  return { box: byId('box'), buttons: [byId('name'), byId('help'), byId('save')] };
}

function tab(box: HTMLElement, shiftKey = false, key = 'Tab') {
  const event = { key, shiftKey, preventDefault: jest.fn() };
  keepTabInside(box, event);
  return event;
}

test('Tab on the last element wraps to the first, Shift+Tab on the first to the last (disabled ones skipped)', () => {
  const { box, buttons } = dialog();
  const [first, , last] = buttons;
  last!.focus();
  expect(tab(box).preventDefault).toHaveBeenCalled();
  expect(document.activeElement).toBe(first);
  expect(tab(box, true).preventDefault).toHaveBeenCalled();
  expect(document.activeElement).toBe(last);
});

test('Tab in the middle and other keys are left to the browser', () => {
  const { box, buttons } = dialog();
  buttons[1]!.focus();
  expect(tab(box).preventDefault).not.toHaveBeenCalled();
  expect(tab(box, true).preventDefault).not.toHaveBeenCalled();
  buttons[2]!.focus();
  expect(tab(box, false, 'Enter').preventDefault).not.toHaveBeenCalled();
  expect(document.activeElement).toBe(buttons[2]);
});
