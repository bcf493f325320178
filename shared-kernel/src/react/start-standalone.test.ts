import type { RemoteLifecycles, RemoteProps } from '../types/remote';
import { startStandalone } from './start-standalone';

function recordingLifecycles() {
  const calls: { step: string; props: RemoteProps }[] = [];
  const lifecycles: RemoteLifecycles = {
    bootstrap: async (props) => void calls.push({ step: 'bootstrap', props }),
    mount: async (props) => void calls.push({ step: 'mount', props }),
    unmount: async (props) => void calls.push({ step: 'unmount', props }),
  };
  return { lifecycles, calls };
}

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.theme;
});

test('bootstraps, then mounts the lifecycles into #root with a kernel of its own, the name and the basename', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const { lifecycles, calls } = recordingLifecycles();
  await startStandalone(lifecycles, { name: 'cloudclip_explorer', basename: '/mount-explorer' });
  expect(calls.map((call) => call.step)).toEqual(['bootstrap', 'mount']);
  const [bootstrapped, mounted] = calls;
  expect(mounted!.props).toBe(bootstrapped!.props);
  expect(mounted!.props).toMatchObject({
    name: 'cloudclip_explorer',
    basename: '/mount-explorer',
    domElement: document.getElementById('root'),
  });
  expect(typeof mounted!.props.kernel.i18n.t).toBe('function');
});

test("applies the kernel's theme to the document", async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await startStandalone(recordingLifecycles().lifecycles, { name: 'cloudclip_public', basename: '/' });
  expect(document.documentElement.dataset.theme).toMatch(/^(light|dark)$/);
});

test('does nothing on a page without #root', async () => {
  const { lifecycles, calls } = recordingLifecycles();
  await startStandalone(lifecycles, { name: 'cloudclip_upload', basename: '/upload' });
  expect(calls).toEqual([]);
});
