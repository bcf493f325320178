/**
 * What the boot page shows of the upload page before any script has run (rendered at build time
 * in both languages by shared-kernel/build/first-screen.cjs; the gateway writes it into the page,
 * and the host swaps it for the page once that renders). A visitor without a stored credential
 * always gets the login notice (lib/upload-access.ts); one with a credential sees the heading while
 * the form loads.
 */
import { signedInPageFirstScreens, type FirstScreen } from '@cloudclip/shared-kernel';
import { AccessNotice } from './components/access-notice';
import { UploadPageHead } from './app/upload-page-head';

export { NAMESPACE as namespace, resources } from './i18n/resources';

/** Stylesheets the markup below needs besides the kernel's base classes (relative to this file). */
export const styles = ['./styles/upload.css'];

export const firstScreens: FirstScreen[] = signedInPageFirstScreens(
  '^/upload/?$',
  (notice) => (
    <div className="cc-remote cu-root cc-app">
      <div className="cu-page">
        <UploadPageHead />
        {notice}
      </div>
    </div>
  ),
  () => <AccessNotice reason="anonymous" onLogin={() => undefined} />,
);
