import { NAMESPACE, resources } from './i18n/resources';

/**
 * Who this remote is, in one place: its container name (webpack.config.js's containerName, the
 * root's data-remote), the build's version and its texts. spa.tsx hands it to createRemoteSpa.
 */
export const REMOTE = {
  name: 'cloudclip_upload',
  version: process.env.CLOUDCLIP_APP_VERSION ?? '0.0.0',
  namespace: NAMESPACE,
  resources,
};
