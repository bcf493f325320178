import type { ComponentType, ReactNode } from 'react';
import { useDarkTheme, type RemoteAppProps } from './create-remote-spa';
import { KernelProvider } from './kernel-context';

/** react-router's v7 behaviours every app's router opts into now. */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

/** What RemoteAppRoot gives the router it is passed (react-router-dom's BrowserRouter takes these). */
export interface RemoteRouterProps {
  basename: string;
  future: typeof ROUTER_FUTURE;
  children?: ReactNode;
}

export interface RemoteAppRootProps extends RemoteAppProps {
  /** The remote's container name (`data-remote`), e.g. cloudclip_public. */
  name: string;
  /** The remote's own root class, e.g. `cp-root`, between `cc-remote` and `cc-app`. */
  rootClass: string;
  /** The remote's router, react-router-dom's BrowserRouter: the kernel itself has no router dependency. */
  Router: ComponentType<RemoteRouterProps>;
  children: ReactNode;
}

/**
 * A remote's root element: the kernel theme's dark flag and the remote's name as data attributes,
 * the kernel for its components, and its own router under the basename the host gives it.
 */
export function RemoteAppRoot({ kernel, basename, name, rootClass, Router, children }: RemoteAppRootProps) {
  const dark = useDarkTheme(kernel);
  return (
    <div className={`cc-remote ${rootClass} cc-app`} data-remote={name} data-dark={dark ? 'true' : 'false'}>
      <KernelProvider kernel={kernel}>
        <Router basename={basename} future={ROUTER_FUTURE}>
          {children}
        </Router>
      </KernelProvider>
    </div>
  );
}
