import { CliError, type CliErrorKind } from '../errors';
import { t, type Lang } from '../i18n/messages';

/** What the request was about, so a status can be told apart (401 on a paste = wrong password). */
export interface ErrorHints {
  /** The request carried a share password: 401/403 mean a wrong password, not a bad key. */
  password?: boolean;
}

const QUOTA_WORDS = /quota|storage (is )?full|space|容量|配额|空间/i;
const SIZE_WORDS = /too large|too big|exceeds|max(imum)?[ _]upload|size limit|超过|过大|太大/i;

/** The kind of error an HTTP status (and the server's own message) stands for. */
export function kindOfStatus(status: number, serverMessage: string, hints: ErrorHints = {}): CliErrorKind {
  if ((status === 401 || status === 403) && hints.password) return 'password';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 410) return 'gone';
  if (status === 413) return 'too-large';
  if (status === 400 || status === 409 || status === 415 || status === 422) {
    if (SIZE_WORDS.test(serverMessage)) return 'too-large';
    if (QUOTA_WORDS.test(serverMessage)) return 'quota';
    return 'bad-input';
  }
  if (status >= 500) return 'server';
  return 'server';
}

/** The CliError for a failed server answer, its message in `lang`. */
export function errorForStatus(
  lang: Lang,
  status: number,
  serverMessage: string,
  hints: ErrorHints = {},
  kindOverride?: CliErrorKind,
): CliError {
  const kind = kindOverride ?? kindOfStatus(status, serverMessage, hints);
  const reason = serverMessage.trim();
  const detail = reason ? (lang === 'zh-CN' ? `（${reason}）` : ` (${reason})`) : '';
  const colonDetail = reason ? (lang === 'zh-CN' ? `：${reason}` : `: ${reason}`) : '';
  let message: string;
  switch (kind) {
    case 'auth':
      message = t(lang, 'error.auth', { detail: colonDetail });
      break;
    case 'not-found':
      message = t(lang, 'error.notFound', { detail });
      break;
    case 'gone':
      message = t(lang, 'error.gone', { detail });
      break;
    case 'password':
      message = t(lang, 'error.password');
      break;
    case 'quota':
      message = t(lang, 'error.quota', { detail: reason || `HTTP ${status}` });
      break;
    case 'too-large':
      message = t(lang, 'error.tooLarge', { detail: reason || `HTTP ${status}` });
      break;
    case 'bad-input':
      message = t(lang, 'error.badInput', { status, detail: colonDetail });
      break;
    default:
      message = t(lang, 'error.server', { status, detail: colonDetail });
  }
  return new CliError(kind, message, { status });
}

/** The CliError for a request that got no answer (refused, unknown host, timeout). */
export function errorForNetwork(lang: Lang, server: string, cause: unknown): CliError {
  const name = (cause as { name?: unknown } | null)?.name;
  if (name === 'AbortError' && !(cause as { timeout?: boolean }).timeout) {
    return new CliError('cancelled', t(lang, 'error.cancelled'), { cause });
  }
  const key = name === 'TimeoutError' ? 'error.timeout' : 'error.unreachable';
  return new CliError('unreachable', t(lang, key, { server }), { cause });
}
