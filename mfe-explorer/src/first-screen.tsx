/**
 * What the boot page shows of the explorer before any script has run (rendered at build time in
 * both languages by shared-kernel/build/first-screen.cjs; the gateway writes it into the page, and
 * the host swaps it for the page once that renders). A visitor without a stored credential at the
 * explorer's root always gets the login notice (features/browser/utils/explorer-access.ts); one
 * with a credential sees the heading while the folder loads.
 */
import { signedInPageFirstScreens, type FirstScreen } from '@cloudclip/shared-kernel';
import { AccessNoticeCard } from './features/browser/components/access-notice';
import { ExplorerTitle } from './app/explorer-title';

export { NAMESPACE as namespace, resources } from './i18n/resources';

/** Stylesheets the markup below needs besides the kernel's base classes (relative to this file). */
export const styles = ['./styles/base.css', './styles/phone.css'];

/** The explorer's root only: deeper addresses show the requested folder in the notice. */
export const firstScreens: FirstScreen[] = signedInPageFirstScreens(
  '^/mount-explorer/?$',
  (notice) => (
    <div className="cc-remote ce-root cc-app">
      <section className="ce-page">
        <ExplorerTitle />
        {notice}
      </section>
    </div>
  ),
  () => <AccessNoticeCard kind="anonymous" path="/" onLogin={() => undefined} />,
);
