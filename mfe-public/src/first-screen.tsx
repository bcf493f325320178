/**
 * What the boot page shows of this remote's pages before any script has run (rendered at build
 * time in both languages by shared-kernel/build/first-screen.cjs; the gateway writes the one for
 * the requested address into the page, and the host swaps it for the page once that renders).
 * Only what every visitor sees the same way belongs here: the share pages' content comes from the
 * API and has none.
 *
 * `/` is live: its text area takes typing before the code arrives, and the editor page takes the
 * text over when its editor can take input (features/editor/hooks/use-early-text.ts).
 */
import type { FirstScreen } from '@cloudclip/shared-kernel';
import { EditorFirstScreen } from './features/editor/components/editor-first-screen';

export { NAMESPACE as namespace, resources } from './i18n/resources';

/** Stylesheets the markup below needs besides the kernel's base classes (relative to this file). */
export const styles = [
  './styles/public.css',
  './features/editor/components/editor-page.css',
  './features/editor/components/editor-first-screen.css',
];

export const firstScreens: FirstScreen[] = [
  {
    pattern: '^/$',
    live: true,
    render: () => (
      <div className="cc-remote cp-root cc-app">
        <EditorFirstScreen />
      </div>
    ),
  },
];
