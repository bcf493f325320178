import { createRemoteSpa } from '@cloudclip/shared-kernel';
import { App } from './app/app';
import { preloadAdminPage } from './app/admin-root';
import { REMOTE } from './remote';

/** The single-spa lifecycles the host mounts (exposed as `./spa`). */
const lifecycles = createRemoteSpa({
  ...REMOTE,
  App,
  preload: preloadAdminPage,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
