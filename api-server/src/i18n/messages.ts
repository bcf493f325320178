/**
 * Every human-readable `message` the API sends: one catalogue per language, assembled here from
 * one module per area (./messages-<area>.ts, each holding both languages of its keys).
 * The contract (§0) says messages are Chinese text and not a stable API: clients branch on
 * HTTP status / `code`, never on these strings. Chinese is the default; English is chosen
 * when the request's Accept-Language prefers it (see ./locale.ts).
 *
 * Placeholders are written `{name}` and filled by `translate()`.
 */
import { authMessagesEnUS, authMessagesZhCN } from './messages-auth';
import { backupMessagesEnUS, backupMessagesZhCN } from './messages-backup';
import { commonMessagesEnUS, commonMessagesZhCN } from './messages-common';
import { fileShareMessagesEnUS, fileShareMessagesZhCN } from './messages-file-shares';
import { fsMessagesEnUS, fsMessagesZhCN } from './messages-fs';
import { pasteMessagesEnUS, pasteMessagesZhCN } from './messages-pastes';
import { storageMessagesEnUS, storageMessagesZhCN } from './messages-storage';
import { webdavMessagesEnUS, webdavMessagesZhCN } from './messages-webdav';

/** The Chinese catalogue (the default language): its keys are every MessageKey. */
const zhCN = {
  ...commonMessagesZhCN,
  ...authMessagesZhCN,
  ...pasteMessagesZhCN,
  ...storageMessagesZhCN,
  ...fileShareMessagesZhCN,
  ...backupMessagesZhCN,
  ...fsMessagesZhCN,
  ...webdavMessagesZhCN,
} as const;

export type MessageKey = keyof typeof zhCN;

const enUS: Record<MessageKey, string> = {
  ...commonMessagesEnUS,
  ...authMessagesEnUS,
  ...pasteMessagesEnUS,
  ...storageMessagesEnUS,
  ...fileShareMessagesEnUS,
  ...backupMessagesEnUS,
  ...fsMessagesEnUS,
  ...webdavMessagesEnUS,
};

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const messages: Record<Locale, Record<MessageKey, string>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

export type MessageParams = Record<string, string | number>;

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = messages[locale][key] ?? messages[DEFAULT_LOCALE][key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
