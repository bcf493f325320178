import { createRemoteSpa } from '@cloudclip/shared-kernel';
import { App, preloadPage } from './app/app';
import { NAMESPACE, resources } from './i18n/resources';

/** The single-spa lifecycles the host mounts (exposed as `./spa`). */
const lifecycles = createRemoteSpa({
  name: 'cloudclip_public',
  version: process.env.CLOUDCLIP_APP_VERSION ?? '0.0.0',
  namespace: NAMESPACE,
  resources,
  App,
  preload: ({ kernel }) => preloadPage(window.location.pathname, kernel),
});

export const { bootstrap, mount, unmount, update } = lifecycles;
export default lifecycles;
