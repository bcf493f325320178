import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type Language } from '@cloudclip/shared-kernel';
import { shellTestKernel } from '../../../testing/shell-kernel';
import { OfflinePage } from './offline-page';

function renderOfflinePage(language: Language, props: Parameters<typeof OfflinePage>[0] = {}) {
  const kernel = shellTestKernel(language);
  render(
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/admin" element={<OfflinePage {...props} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('OfflinePage', () => {
  it('says the visitor is offline and what still works, in English', () => {
    renderOfflinePage('en-US');
    const page = screen.getByTestId('offline-page');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('You are offline');
    expect(page).toHaveTextContent('The editor and its drafts, and the pastes you opened recently, are available without a connection.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says it in Chinese for a zh-CN visitor', () => {
    renderOfflinePage('zh-CN');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('当前处于离线状态');
    expect(screen.getByTestId('offline-page')).toHaveTextContent('编辑器及其草稿，以及你最近打开过的文本分享，无需网络即可使用。');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
  });

  it('reloads the page on "Try again" and leads Home by its link', () => {
    const reload = jest.fn();
    renderOfflinePage('en-US', { reload });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('tells the shell once that it is shown', () => {
    const onShown = jest.fn();
    renderOfflinePage('en-US', { onShown });
    expect(onShown).toHaveBeenCalledTimes(1);
  });
});
