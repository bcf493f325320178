import { copyText } from './clipboard';

describe('copyText', () => {
  const original = { clipboard: navigator.clipboard, secure: window.isSecureContext, exec: document.execCommand };

  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: original.secure, configurable: true });
    document.execCommand = original.exec;
  });

  it('uses the Clipboard API on a secure origin', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await expect(copyText('https://clip.example/paste/abc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://clip.example/paste/abc');
  });

  it('falls back to a hidden textarea on plain http and removes it again', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    let copiedValue = '';
    document.execCommand = jest.fn(() => {
      copiedValue = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    await expect(copyText('plain http')).resolves.toBe(true);
    expect(copiedValue).toBe('plain http');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('reports failure when neither way works', async () => {
    const writeText = jest.fn(async () => {
      throw new Error('denied');
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    document.execCommand = jest.fn(() => false);
    await expect(copyText('x')).resolves.toBe(false);
  });
});
