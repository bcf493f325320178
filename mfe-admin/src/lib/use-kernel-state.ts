import { useEffect, useState } from 'react';
import type { Language, SessionState } from '@cloudclip/shared-kernel';
import { useKernel } from './kernel-context';

/** The kernel session, re-rendered on every change (login, logout, expiry, refreshed permissions). */
export function useSession(): SessionState {
  const kernel = useKernel();
  const [state, setState] = useState(kernel.session.snapshot);
  useEffect(() => {
    const subscription = kernel.session.changes().subscribe(setState);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return state;
}

/** The interface language, following `kernel.i18n.languageChanges()`. */
export function useLanguage(): Language {
  const kernel = useKernel();
  const [language, setLanguage] = useState<Language>(kernel.i18n.language);
  useEffect(() => {
    const subscription = kernel.i18n.languageChanges().subscribe(setLanguage);
    return () => subscription.unsubscribe();
  }, [kernel]);
  return language;
}
