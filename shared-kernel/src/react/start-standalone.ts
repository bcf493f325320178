import { createKernel } from '../kernel';
import type { RemoteLifecycles, RemoteProps } from '../types/remote';

/**
 * A remote's standalone page (its own dev server, without the host): creates a kernel of its own,
 * applies its theme to the document and mounts the same lifecycles the host uses into `#root`, at
 * the basename the host would give it. A page without `#root` is left alone.
 */
export async function startStandalone(lifecycles: RemoteLifecycles, area: Pick<RemoteProps, 'name' | 'basename'>): Promise<void> {
  const domElement = document.getElementById('root');
  if (!domElement) return;
  const kernel = createKernel();
  kernel.theme.applyToDocument(document);
  const props: RemoteProps = { kernel, basename: area.basename, name: area.name, domElement };
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}
