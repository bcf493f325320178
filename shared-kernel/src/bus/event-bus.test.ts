import { EventBus, type BusMessage } from './event-bus';

describe('EventBus', () => {
  it('delivers an event with its payload to subscribers of that type', () => {
    const bus = new EventBus();
    const received: unknown[] = [];
    bus.on('admin-token-expired').subscribe((payload) => received.push(payload));
    bus.emit('admin-token-expired', { reason: 'unauthorized' });
    expect(received).toEqual([{ reason: 'unauthorized' }]);
  });

  it('does not deliver events of other types', () => {
    const bus = new EventBus();
    const received: unknown[] = [];
    bus.on('api-key-invalid').subscribe((payload) => received.push(payload));
    bus.emit('admin-token-expired', { reason: 'unauthorized' });
    bus.emit('navigate', { to: '/admin' });
    expect(received).toEqual([]);
  });

  it('delivers every message, in order, on events$', () => {
    const bus = new EventBus();
    const received: BusMessage[] = [];
    bus.events$.subscribe((message) => received.push(message));
    bus.emit('language-changed', { language: 'en-US' });
    bus.emit('theme-changed', { mode: 'dark', dark: true });
    expect(received).toEqual([
      { type: 'language-changed', payload: { language: 'en-US' } },
      { type: 'theme-changed', payload: { mode: 'dark', dark: true } },
    ]);
  });

  it('delivers to every subscriber and not to those that unsubscribed', () => {
    const bus = new EventBus();
    const first: unknown[] = [];
    const second: unknown[] = [];
    const subscription = bus.on('navigate').subscribe((payload) => first.push(payload));
    bus.on('navigate').subscribe((payload) => second.push(payload));
    bus.emit('navigate', { to: '/upload' });
    subscription.unsubscribe();
    bus.emit('navigate', { to: '/admin', replace: true });
    expect(first).toEqual([{ to: '/upload' }]);
    expect(second).toEqual([{ to: '/upload' }, { to: '/admin', replace: true }]);
  });

  it('does not replay past events to late subscribers', () => {
    const bus = new EventBus();
    bus.emit('auth-changed', { type: 'logout', isAuthenticated: false });
    const received: unknown[] = [];
    bus.on('auth-changed').subscribe((payload) => received.push(payload));
    expect(received).toEqual([]);
  });

  it('keeps separate buses separate', () => {
    const a = new EventBus();
    const b = new EventBus();
    const received: unknown[] = [];
    b.on('navigate').subscribe((payload) => received.push(payload));
    a.emit('navigate', { to: '/' });
    expect(received).toEqual([]);
  });
});
