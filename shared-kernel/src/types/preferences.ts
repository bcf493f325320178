import { LANGUAGES, THEME_MODES, type Language, type ThemeMode } from '../constants';

export type { Language, ThemeMode };
export const SUPPORTED_LANGUAGES: readonly Language[] = LANGUAGES;
/** The theme toggle's cycle: auto → light → dark. */
export const THEME_MODE_CYCLE: readonly ThemeMode[] = THEME_MODES;
