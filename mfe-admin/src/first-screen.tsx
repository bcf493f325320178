/**
 * What the boot page shows of `/admin` before any script has run (rendered at build time in both
 * languages by shared-kernel/build/first-screen.cjs; the gateway writes it into the page, and the
 * host swaps it for the area once that renders): a visitor without a stored credential always gets
 * the login page (src/app/admin-root.tsx), whose heading needs no antd. The panel has no first screen.
 */
import type { FirstScreen } from '@cloudclip/shared-kernel';
import { LoginHeader } from './features/auth/components/login-header';

export { NAMESPACE as namespace, resources } from './i18n/resources';

/** Stylesheets the markup below needs besides the kernel's base classes (relative to this file). */
export const styles = ['./styles/admin.css'];

export const firstScreens: FirstScreen[] = [
  {
    pattern: '^/admin(?:/[^/]+)?/?$',
    session: 'signed-out',
    render: () => (
      <div className="cc-remote cc-admin">
        <div className="cc-admin-login">
          <LoginHeader />
        </div>
      </div>
    ),
  },
];
