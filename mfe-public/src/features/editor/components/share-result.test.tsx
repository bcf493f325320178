import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeKernel, renderWithKernel } from '../../../test/test-kernel';
import { ShareResult } from './share-result';
import type { SharedPaste } from './share-form';

const KEY = 'q7Ck3mX9yV0bNn2LpR4sT6uW8zA1cE5gH7jK9mP0rS2';

function shared(request: Partial<SharedPaste['request']>, key?: string): SharedPaste {
  return {
    response: { id: 'p1', slug: 'abc', hasPassword: false, createdAt: 'now', authorizedBy: 'admin' },
    request: { content: '{"v":1}', ...request },
    ...(key ? { key } : {}),
  };
}

function renderResult(value: SharedPaste, language: 'zh-CN' | 'en-US' = 'en-US') {
  return renderWithKernel(<ShareResult shared={value} />, makeKernel({ language }));
}

describe('ShareResult', () => {
  let writeText: jest.Mock;
  beforeEach(() => {
    writeText = jest.fn(async () => undefined);
    Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  });

  it('puts the key after # in the shown link, the QR code and the copied link of an encrypted paste', async () => {
    renderResult(shared({ encryption: 'aes-256-gcm/v1' }, KEY));
    const full = `http://localhost/paste/abc#${KEY}`;
    expect(screen.getByTestId('share-link')).toHaveTextContent(full);
    expect(screen.getByTestId('share-link')).toHaveAttribute('href', full);
    expect(await screen.findByTestId('qr-code')).toHaveAttribute('data-qr-value', full);
    fireEvent.click(screen.getByTestId('copy-share-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(full));
    expect(screen.getByText('Raw link (encrypted data)')).toBeInTheDocument();
    expect(screen.getByTestId('share-key-hint')).toBeInTheDocument();
    expect(screen.queryByTestId('share-burn-warning')).not.toBeInTheDocument();
  });

  it('keeps the plain link of a normal paste', async () => {
    renderResult(shared({}));
    expect(screen.getByTestId('share-link')).toHaveTextContent(/^http:\/\/localhost\/paste\/abc$/);
    expect(await screen.findByTestId('qr-code')).toHaveAttribute('data-qr-value', 'http://localhost/paste/abc');
    expect(screen.getByText('Raw text link')).toBeInTheDocument();
  });

  it('warns the owner of a burn-after-reading paste, shows its link as text and offers no raw link', async () => {
    renderResult(shared({ encryption: 'aes-256-gcm/v1', burnAfterReading: true }, KEY));
    expect(screen.getByTestId('share-burn-warning')).toHaveTextContent('Opening this link yourself will delete it.');
    const link = screen.getByTestId('share-link');
    expect(link.tagName).toBe('CODE');
    expect(link).toHaveTextContent(`http://localhost/paste/abc#${KEY}`);
    expect(screen.queryByTestId('raw-link')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('copy-share-link'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`http://localhost/paste/abc#${KEY}`));
  });

  it('warns in Chinese too', () => {
    renderResult(shared({ burnAfterReading: true }), 'zh-CN');
    expect(screen.getByTestId('share-burn-warning')).toHaveTextContent('你自己打开这个链接也会将其删除。');
  });
});
