import { syncManifestLanguage, syncThemeColor, type Kernel } from '@cloudclip/shared-kernel';

/**
 * Keeps the page's web app manifest link in the interface language and its theme-color in the
 * shown theme, from now on (both observables start with the current value).
 * @returns stops following
 */
export function keepAppLinksInStep(kernel: Pick<Kernel, 'i18n' | 'theme'>, doc: Document = document): () => void {
  const language = kernel.i18n.languageChanges().subscribe((lang) => syncManifestLanguage(doc, lang));
  const theme = kernel.theme.dark$().subscribe((dark) => syncThemeColor(doc, dark));
  return () => {
    language.unsubscribe();
    theme.unsubscribe();
  };
}
