import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { firstScreens } from './first-screen';
import { testKernel } from './test/test-kernel';

/** `/admin`'s first screen as the boot page shows it, in one language (no antd providers: none run there). */
function renderFirstScreen(language: 'zh-CN' | 'en-US') {
  const [login] = firstScreens;
  if (!login) throw new Error('no first screen');
  const kernel = testKernel({ language });
  return render(<I18nextProvider i18n={kernel.i18n.i18n}>{login.render()}</I18nextProvider>);
}

describe("/admin's first screen", () => {
  it('is a live login form for signed-out visitors', () => {
    expect(firstScreens).toEqual([expect.objectContaining({ pattern: '^/admin(?:/[^/]+)?/?$', session: 'signed-out', live: true })]);
  });

  it.each([
    ['en-US', 'Admin panel login', 'Username', 'Password', 'Log in'],
    ['zh-CN', '管理面板登录', '用户名', '密码', '登 录'],
  ] as const)(
    'in %s: the form with an enabled username and password field and a submit button',
    (language, title, user, password, submit) => {
      const { container } = renderFirstScreen(language);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
      const form = container.querySelector('form[data-early-form="admin-login"]');
      expect(form).not.toBeNull();
      const inForm = within(form as HTMLElement);
      // Labels wrap their inputs: found by label without any id.
      const username = inForm.getByLabelText(user);
      const secret = inForm.getByLabelText(password);
      expect(username).toHaveAttribute('data-early-field', 'admin-username');
      expect(username).toHaveAttribute('autocomplete', 'username');
      expect(secret).toHaveAttribute('data-early-field', 'admin-password');
      expect(secret).toHaveAttribute('type', 'password');
      expect(secret).toHaveAttribute('autocomplete', 'current-password');
      for (const field of [username, secret]) {
        expect(field).toBeEnabled();
        expect(field).not.toHaveAttribute('tabindex');
      }
      const button = inForm.getByRole('button', { name: submit });
      expect(button).toHaveAttribute('type', 'submit');
      expect(button).toBeEnabled();
    },
  );

  it.each(['en-US', 'zh-CN'] as const)('in %s: no name and no id anywhere (a native submit carries nothing)', (language) => {
    const { container } = renderFirstScreen(language);
    expect(container.querySelectorAll('input').length).toBe(2);
    expect(container.querySelectorAll('[name]')).toHaveLength(0);
    expect(container.querySelectorAll('[id]')).toHaveLength(0);
    expect(container.querySelector('form')).toHaveAttribute('data-live');
  });
});
