import { Observable, Subject, filter, map } from 'rxjs';
import type { Language, ThemeMode } from '../types/preferences';

/** Cross-app events. Remotes subscribe to these; they never call each other. */
export interface BusEvents {
  /** The stored admin token was rejected: it has been cleared. */
  'admin-token-expired': { reason: 'unauthorized' | 'check-failed' };
  /** The stored API key was rejected: key and permissions have been cleared. */
  'api-key-invalid': { reason: 'unauthorized' | 'check-failed' };
  /** Login or logout happened. */
  'auth-changed': { type: 'admin-login' | 'apikey-login' | 'logout'; isAuthenticated: boolean };
  'language-changed': { language: Language };
  'theme-changed': { mode: ThemeMode; dark: boolean };
  /** A remote asks the host to go to another area (path is absolute, e.g. `/admin`). */
  navigate: { to: string; replace?: boolean };
  /** A page has taken over the live first screen (its controls, its server-rendered content): the host removes it now. */
  'first-screen-adopted': Record<string, never>;
}

export type BusEventType = keyof BusEvents;
export interface BusMessage<K extends BusEventType = BusEventType> {
  type: K;
  payload: BusEvents[K];
}

export class EventBus {
  private readonly subject = new Subject<BusMessage>();

  /** Every message, in order. */
  readonly events$: Observable<BusMessage> = this.subject.asObservable();

  emit<K extends BusEventType>(type: K, payload: BusEvents[K]): void {
    this.subject.next({ type, payload } as BusMessage);
  }

  on<K extends BusEventType>(type: K): Observable<BusEvents[K]> {
    return this.subject.pipe(
      filter((message): message is BusMessage<K> => message.type === type),
      map((message) => message.payload),
    );
  }
}
