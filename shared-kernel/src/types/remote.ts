import type { Kernel } from '../kernel';

/** What the host passes to every remote it mounts (as single-spa parcel props). */
export interface RemoteProps {
  /** The route prefix the remote owns, used as its router's basename. */
  basename: string;
  kernel: Kernel;
  /** Federation container name of the remote. */
  name: string;
  /** The element the parcel renders into. */
  domElement: HTMLElement;
}

/** The single-spa lifecycles every remote exposes as `./spa`. */
export interface RemoteLifecycles {
  bootstrap: (props: RemoteProps) => Promise<unknown>;
  mount: (props: RemoteProps) => Promise<unknown>;
  unmount: (props: RemoteProps) => Promise<unknown>;
  update?: (props: RemoteProps) => Promise<unknown>;
}
