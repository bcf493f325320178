/**
 * What the boot page shows of `/admin` before any script has run (rendered at build time in both
 * languages by shared-kernel/build/first-screen.cjs; the gateway writes it into the page): a visitor
 * without a stored credential always gets the login page (src/app/admin-root.tsx). That first screen
 * is live: its login form is made of real controls (features/auth/components/early-login-form.tsx),
 * so the password can be typed and the form sent before the code has arrived; the login page takes
 * over what was typed and tells the host when it has (markFirstScreenAdopted). The panel has no
 * first screen.
 */
import type { FirstScreen } from '@cloudclip/shared-kernel';
import { LoginHeader } from './features/auth/components/login-header';
import { EarlyLoginForm } from './features/auth/components/early-login-form';

export { NAMESPACE as namespace, resources } from './i18n/resources';

/** Stylesheets the markup below needs besides the kernel's base classes (relative to this file). */
export const styles = ['./styles/admin.css'];

export const firstScreens: FirstScreen[] = [
  {
    pattern: '^/admin(?:/[^/]+)?/?$',
    session: 'signed-out',
    live: true,
    render: () => (
      <div className="cc-remote cc-admin">
        <div className="cc-admin-login">
          <LoginHeader />
          <EarlyLoginForm />
        </div>
      </div>
    ),
  },
];
