import React from 'react';
import { createRoot } from 'react-dom/client';
import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createKernel, installHistorySync, registerAppDiagnostics } from '@cloudclip/shared-kernel';
import { App } from './app/app';
import { shellResources } from './i18n/shell-resources';
import { retryPlugin } from './runtime-plugins/retry-plugin';
import { fallbackPlugin } from './runtime-plugins/fallback-plugin';
import { IntegrityRegistry, integrityPlugin, verifyFetchedResponse } from './runtime-plugins/integrity-plugin';
import { fetchEnvironmentManifest, inlineEnvironmentManifest } from './features/remote-slot/api/environment-manifest';
import { setEnvironment } from './features/remote-slot/api/remote-registry';
import { claimFirstScreen } from './features/remote-slot/first-screen';
import { registerServiceWorker } from './features/app-install/register-service-worker';
import { keepAppLinksInStep } from './features/app-install/keep-app-links';
import './styles/shell.css';

const kernel = createKernel({ isContainerBuild: process.env.CLOUDCLIP_BUILD_TARGET === 'container' });
kernel.i18n.addNamespace('shell', shellResources);
kernel.theme.applyToDocument(document);
keepAppLinksInStep(kernel);
installHistorySync();
registerAppDiagnostics({ app: 'cloudclip_host', version: process.env.CLOUDCLIP_APP_VERSION ?? '0.0.0', react: React, bus: kernel.bus });

// Pinned releases are checked against their digests: the manifest by WebCrypto, the entry script by the browser (SRI).
const integrity = new IntegrityRegistry(window.location.href);
registerPlugins([
  integrityPlugin(integrity),
  retryPlugin({ verifyResponse: (url, response) => verifyFetchedResponse(integrity, url, response) }),
  fallbackPlugin(),
]);
// The gateway writes the manifest into the page; /env.json is the fallback (one more round trip).
const inlineManifest = inlineEnvironmentManifest();
const environment = (inlineManifest ? Promise.resolve(inlineManifest) : fetchEnvironmentManifest('/env.json')).then((manifest) => {
  for (const remote of manifest.remotes) integrity.register(remote.entry, remote.integrity);
  return manifest;
});
setEnvironment(environment);
void kernel.auth.validateStoredCredentials();

// The boot page's first screen (if any) stays where it is; the shell's first render makes room for it.
claimFirstScreen();
const container = document.getElementById('root');
if (container) createRoot(container).render(<App kernel={kernel} environment={environment} />);
// The app's service worker (production builds): the offline copy, the share target. Nothing happens where it cannot run.
void registerServiceWorker();
