import { registerServiceWorker, SERVICE_WORKER_URL } from './register-service-worker';

type Listener = () => void;

/** A window with a service worker container whose register answers `outcome`. */
function fakeWindow(outcome: 'ok' | 'refused' | 'throws' | 'missing', readyState: DocumentReadyState = 'loading') {
  const listeners: Record<string, Listener[]> = {};
  const registration = { scope: 'https://clip.example.org/' } as ServiceWorkerRegistration;
  const register = jest.fn(async () => {
    if (outcome === 'refused') throw new TypeError('Failed to register a ServiceWorker: A bad HTTP response code (404)');
    return registration;
  });
  if (outcome === 'throws')
    register.mockImplementation(() => {
      throw new DOMException('Service workers are blocked', 'SecurityError');
    });
  const idle: Listener[] = [];
  const win = {
    navigator: outcome === 'missing' ? {} : { serviceWorker: { register } },
    document: { readyState },
    addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
    requestIdleCallback: (callback: Listener) => idle.push(callback),
    setTimeout,
  } as unknown as Window;
  const fire = (type: string) => listeners[type]?.splice(0).forEach((listener) => listener());
  const runIdle = () => idle.splice(0).forEach((callback) => callback());
  return { win, register, registration, fire, runIdle };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site after the load event, once the browser is idle', async () => {
    const page = fakeWindow('ok');
    const result = registerServiceWorker({ production: true, win: page.win });
    page.runIdle();
    expect(page.register).not.toHaveBeenCalled();
    page.fire('load');
    expect(page.register).not.toHaveBeenCalled();
    page.runIdle();
    expect(page.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    await expect(result).resolves.toBe(page.registration);
  });

  it('registers right away (when idle) on a page that has already loaded', async () => {
    const page = fakeWindow('ok', 'complete');
    const result = registerServiceWorker({ production: true, win: page.win });
    page.runIdle();
    await expect(result).resolves.toBe(page.registration);
  });

  it('does nothing in a development or test build', async () => {
    const page = fakeWindow('ok', 'complete');
    await expect(registerServiceWorker({ win: page.win })).resolves.toBeNull();
    page.runIdle();
    expect(page.register).not.toHaveBeenCalled();
  });

  it.each([
    ['the browser has no service workers', 'missing'],
    ['the registration is refused (no /sw.js, a 404)', 'refused'],
    ['the browser blocks service workers', 'throws'],
  ] as const)('says nothing when %s', async (_label, outcome) => {
    const page = fakeWindow(outcome, 'complete');
    const result = registerServiceWorker({ production: true, win: page.win });
    page.runIdle();
    await expect(result).resolves.toBeNull();
  });
});
