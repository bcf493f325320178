import React, { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { I18nextProvider } from 'react-i18next';
import type { Kernel } from '../kernel';
import type { NamespaceResources } from '../i18n/create-i18n';
import type { RemoteLifecycles, RemoteProps } from '../types/remote';
import { registerAppDiagnostics } from '../diagnostics';
import { getKernel, hasKernel } from '../kernel';
import { installHistorySync } from './history-sync';

/** single-spa adds its own props (singleSpa, mountParcel, name) when it calls the lifecycles. */
type SingleSpaProps = Parameters<ReturnType<typeof singleSpaReact<RemoteProps>>['mount']>[0];

export interface RemoteAppProps {
  kernel: Kernel;
  basename: string;
}

export interface RemoteSpaOptions {
  /** Container name, e.g. cloudclip_public. */
  name: string;
  version: string;
  /** The remote's own i18n namespace and texts. */
  namespace: string;
  resources: NamespaceResources;
  App: ComponentType<RemoteAppProps>;
  /** Shown when the remote itself throws while rendering. */
  renderError?: (error: Error, kernel: Kernel) => ReactNode;
  /**
   * Loads what the first render needs (the `lazyPage` of the address being opened) before the
   * remote renders, so the page appears in one commit; the host's slot shows its loading state
   * meanwhile. A failure is ignored here: the render then loads the page itself and reports it.
   */
  preload?: (props: RemoteProps) => Promise<unknown>;
}

/** Tracks the kernel theme's dark flag (for providers that need a boolean). */
export function useDarkTheme(kernel: Kernel): boolean {
  const [dark, setDark] = useState(kernel.theme.snapshot.dark);
  useEffect(() => {
    const subscription = kernel.theme.dark$().subscribe(setDark);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return dark;
}

function RemoteRoot({ kernel, basename, App }: RemoteProps & { App: ComponentType<RemoteAppProps> }) {
  return (
    <I18nextProvider i18n={kernel.i18n.i18n}>
      <App kernel={kernel} basename={basename} />
    </I18nextProvider>
  );
}

/**
 * Builds a remote's single-spa-react lifecycles: registers the remote's texts, wraps it in the
 * kernel's i18n, keeps routers in step and records diagnostics. The host mounts the result as a parcel.
 */
export function createRemoteSpa(options: RemoteSpaOptions): RemoteLifecycles {
  const lifecycles = singleSpaReact<RemoteProps>({
    React,
    ReactDOMClient,
    rootComponent: (props: RemoteProps) => <RemoteRoot {...props} App={options.App} />,
    errorBoundary: (error: Error, _info: unknown, props: RemoteProps) =>
      (options.renderError?.(error, props.kernel) ?? (
        <div role="alert" className="cc-remote-crash">
          {props.kernel.i18n.t('common:errors.requestFailed')}: {error.message}
        </div>
      )) as React.ReactElement,
  });
  return {
    bootstrap: async (props) => {
      props.kernel.i18n.addNamespace(options.namespace, options.resources);
      installHistorySync();
      // The bus is read through this module's own kernel: a duplicated kernel copy would show up here.
      registerAppDiagnostics({ app: options.name, version: options.version, react: React, bus: hasKernel() ? getKernel().bus : null });
      return lifecycles.bootstrap(props as SingleSpaProps);
    },
    mount: async (props) => {
      await options.preload?.(props).catch(() => undefined);
      return lifecycles.mount(props as SingleSpaProps);
    },
    unmount: (props) => lifecycles.unmount(props as SingleSpaProps),
    update: (props) => lifecycles.update?.(props as SingleSpaProps) ?? Promise.resolve(),
  };
}
