import type { ReactElement } from 'react';
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

/**
 * One first screen of a remote's page (the remote's `src/first-screen.tsx`): the top of the page
 * as every visitor in that situation sees it, rendered at build time in both languages
 * (shared-kernel/build/first-screen.cjs) and painted with the boot page until the page renders.
 */
export interface FirstScreen {
  /** The page's address pattern, as in the remote's `pageChunks`. */
  pattern: string;
  /** Only for visitors with (signed-in) or without (signed-out) a stored credential; default: everyone. */
  session?: 'signed-in' | 'signed-out';
  /**
   * The screen holds real controls the visitor may use before the code arrives (the gateway marks it
   * `data-live`): they keep the tab order and take the pointer. Wrap each control in its <label> (ids
   * are stripped) and mark it `data-early-field` / its form `data-early-form`; the page takes them over
   * (takeEarlyField, takeEarlySubmit, markFirstScreenAdopted). A `data-live` element in the markup
   * makes only its subtree live.
   */
  live?: boolean;
  /** The markup: the page's own components, with no data from the API. */
  render: () => ReactElement;
}
