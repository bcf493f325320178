import { createRemoteSpa } from '@cloudclip/shared-kernel';
import { App } from './app/app';
import { preloadAdminPage } from './app/admin-root';
import { NAMESPACE, resources } from './i18n/resources';

/** The single-spa lifecycles the host mounts (exposed as `./spa`). */
const lifecycles = createRemoteSpa({
  name: 'cloudclip_admin',
  version: process.env.CLOUDCLIP_APP_VERSION ?? '0.0.0',
  namespace: NAMESPACE,
  resources,
  App,
  preload: preloadAdminPage,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
