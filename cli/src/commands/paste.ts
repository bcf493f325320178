/** `cloudclip paste [FILE|-]`: shares text (POST /api/paste, contract §5.3.1) and prints its link. */
import {
  PASTE_ENCRYPTION_V1,
  SERVER_FEATURE_BURN_AFTER_READING,
  SERVER_FEATURE_PASTE_TAGS,
  type PasteCreateRequest,
  type PasteCreateResponse,
} from '@cloudclip/contract';
import { CliError } from '../errors';
import type { CommandContext } from '../context';
import { pasteLink } from '../links';
import { expiresAtFrom, parseShareOptions } from '../share-options';
import { note, readStreamText, readTextFile, requireServer, writeJson } from './common';

export async function runPaste(ctx: CommandContext, positionals: string[], values: Record<string, unknown>): Promise<void> {
  const options = parseShareOptions(values, ctx.t);
  if (positionals.length > 1) throw new CliError('usage', ctx.t('usage.pasteOneFile'));
  const source = positionals[0];
  let text: string;
  if (source === undefined || source === '-') {
    if (source === undefined && ctx.stdinIsTTY) throw new CliError('usage', ctx.t('usage.pasteInput'));
    if (ctx.stdinIsTTY) note(ctx, ctx.t('paste.readingStdin'));
    text = await readStreamText(ctx.stdin);
  } else {
    text = await readTextFile(ctx, source);
  }
  if (text.trim() === '') throw new CliError('bad-input', ctx.t('paste.empty'));
  const server = requireServer(ctx);

  let request: PasteCreateRequest = { content: text };
  if (options.slug) request.slug = options.slug;
  if (options.remark) request.remark = options.remark;
  if (options.password) request.password = options.password;
  const expiresAt = expiresAtFrom(options.expires);
  if (expiresAt) request.expiresAt = expiresAt;
  if (options.maxViews) request.maxViews = options.maxViews;
  if (options.burn) request.burnAfterReading = true;
  if (options.tags) request.tags = options.tags;

  // Cloudclip additions a CloudPaste 0.6 backend would silently drop (GET /api/version → features).
  if (options.burn || options.tags) {
    const features = await serverFeatures(ctx);
    if (features && options.burn && !features.includes(SERVER_FEATURE_BURN_AFTER_READING)) {
      throw new CliError('bad-input', ctx.t('paste.noBurn', { server }));
    }
    if (features && options.tags && !features.includes(SERVER_FEATURE_PASTE_TAGS)) {
      note(ctx, ctx.t('paste.noTags', { server }));
      delete request.tags;
    }
  }

  let key: string | undefined;
  if (values.encrypt === true) {
    // Loaded only here: WebCrypto and the envelope code are not needed by any other command.
    const { encryptPaste } = await import('@cloudclip/contract/paste-crypto');
    const encrypted = await encryptPaste(text, options.password);
    request = { ...request, content: encrypted.envelope, encryption: PASTE_ENCRYPTION_V1 };
    key = encrypted.key;
  }

  const answer = await ctx.client.request<PasteCreateResponse>('POST', '/api/paste', { json: request });
  const link = pasteLink(server, answer.slug, key);
  if (ctx.json) writeJson(ctx, { ...answer, link });
  else ctx.stdout.write(`${link}\n`);
  if (values.qr === true) {
    const { renderUnicodeCompact } = await import('uqr');
    ctx.stdout.write(`${renderUnicodeCompact(link, { border: 2 })}\n`);
  }
}

/** The server's `features` (GET /api/version), or null when it does not say (then nothing is refused). */
async function serverFeatures(ctx: CommandContext): Promise<string[] | null> {
  try {
    const data = await ctx.client.request<{ features?: unknown }>('GET', '/api/version', { auth: false, timeoutMs: 10_000 });
    return Array.isArray(data?.features) ? data.features.filter((item): item is string => typeof item === 'string') : [];
  } catch (error) {
    if (error instanceof CliError && error.kind === 'unreachable') throw error;
    return null;
  }
}
