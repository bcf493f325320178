import { createKernel } from '@cloudclip/shared-kernel';
import lifecycles from './spa';

/**
 * Standalone page of this remote (webpack serve): creates its own kernel and mounts the same
 * lifecycles the host uses, at the same basename.
 */
async function start() {
  const domElement = document.getElementById('root');
  if (!domElement) return;
  const kernel = createKernel();
  kernel.theme.applyToDocument(document);
  const props = { kernel, basename: '/admin', name: 'cloudclip_admin', domElement };
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}

void start();
