/**
 * `cloudclip get LINK|SLUG`: prints a paste (contract §5.3.1), decrypting it with the link's `#key`;
 * a slug that is a file share (or a /file/ link) is downloaded by C3's getFile.
 * Burn after reading: `GET /api/paste/{slug}?burn=ask` announces such a paste without delivering it,
 * so we can ask before `POST {confirmBurn: true}` reads (and deletes) it.
 */
import {
  inspectPasteEnvelope,
  isBurnPendingPasteView,
  isProtectedPasteView,
  type PasteOpenView,
  type PasteUnlockedView,
  type PastePublicView,
} from '@cloudclip/contract';
import { writeFile } from 'node:fs/promises';
import { ApiClient } from '../api/client';
import { CliError } from '../errors';
import type { CommandContext } from '../context';
import { parseLink } from '../links';
import { confirmed, describeFsError, note, requireServer, writeJson } from './common';
import { getFile } from './get-file';

type Delivered = PastePublicView | PasteUnlockedView;

export async function runGet(ctx: CommandContext, positionals: string[], values: Record<string, unknown>): Promise<void> {
  if (positionals.length !== 1) throw new CliError('usage', ctx.t('usage.getArgument'));
  const input = positionals[0] as string;
  const link = parseLink(input);
  if (!link) throw new CliError('usage', ctx.t('usage.badLink', { value: input }));
  const output = typeof values.output === 'string' ? values.output : undefined;
  let password = typeof values.password === 'string' && values.password !== '' ? values.password : undefined;

  // A full link names its own server; credentials are sent only to the configured one.
  let target = ctx;
  if (link.server && link.server !== ctx.server) {
    target = { ...ctx, server: link.server, client: new ApiClient({ server: link.server, lang: ctx.lang }) };
  } else {
    requireServer(ctx);
  }
  const fileOptions: { output?: string; password?: string } = {};
  if (output !== undefined) fileOptions.output = output;
  if (password !== undefined) fileOptions.password = password;
  if (link.kind === 'file') return getFile(target, link.slug, fileOptions);

  const path = `/api/paste/${encodeURIComponent(link.slug)}`;
  let view: PasteOpenView;
  try {
    view = await target.client.request<PasteOpenView>('GET', path, { query: { burn: 'ask' }, auth: false });
  } catch (error) {
    if (link.kind === 'any' && error instanceof CliError && error.kind === 'not-found') {
      return getFile(target, link.slug, fileOptions);
    }
    throw error;
  }

  let delivered: Delivered;
  if (isBurnPendingPasteView(view)) {
    await confirmBurn(ctx);
    delivered = await target.client.request<PastePublicView>('POST', path, { json: { confirmBurn: true }, auth: false });
  } else if (isProtectedPasteView(view)) {
    if (password === undefined) {
      if (!ctx.stdinIsTTY) throw new CliError('password', ctx.t('error.passwordNeeded'));
      password = await ctx.prompt(ctx.t('get.passwordPrompt'), { secret: true });
    }
    if (view.burnAfterReading) await confirmBurn(ctx);
    delivered = await target.client.request<PasteUnlockedView>('POST', path, {
      json: { password },
      auth: false,
      hints: { password: true },
    });
  } else {
    delivered = view;
  }

  let content = delivered.content;
  // A backend without encryption support (CloudPaste 0.6) drops the `encryption` mark: a link with a
  // key whose content is an envelope is decrypted all the same.
  const envelope = delivered.encryption !== undefined || (link.key !== undefined && 'envelope' in inspectPasteEnvelope(content));
  if (envelope) {
    if (!link.key) throw new CliError('bad-input', ctx.t('get.keyMissing'));
    content = await decrypt(ctx, content, link.key, password);
  }

  if (ctx.json) {
    writeJson(ctx, { ...delivered, content, ...(delivered.encryption ? { decrypted: true } : {}) });
  } else if (output !== undefined) {
    try {
      await writeFile(output, content);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new CliError('bad-input', ctx.t('error.writeFile', { file: output, reason: describeFsError(ctx, reason) }), {
        cause: error,
      });
    }
    note(ctx, ctx.t('get.written', { file: output }));
  } else {
    ctx.stdout.write(content);
    if ((ctx.stdout as { isTTY?: boolean }).isTTY && !content.endsWith('\n')) ctx.stdout.write('\n');
  }
  if ((delivered as { burned?: boolean }).burned) note(ctx, ctx.t('get.burned'));
}

async function confirmBurn(ctx: CommandContext): Promise<void> {
  const answer = await confirmed(ctx, ctx.t('get.burnAsk'));
  if (answer === 'cannot-ask') throw new CliError('cancelled', ctx.t('get.burnNeedsYes'));
  if (!answer) throw new CliError('cancelled', ctx.t('error.cancelled'));
}

async function decrypt(ctx: CommandContext, envelope: string, key: string, password: string | undefined): Promise<string> {
  const { decryptPaste, PasteCryptoError } = await import('@cloudclip/contract/paste-crypto');
  try {
    return await decryptPaste(envelope, key, password);
  } catch (error) {
    if (error instanceof PasteCryptoError) {
      if (error.code === 'missingKey') throw new CliError('bad-input', ctx.t('get.keyMissing'), { cause: error });
      if (error.code === 'unsupportedVersion') throw new CliError('bad-input', ctx.t('get.badEnvelope'), { cause: error });
      if (error.code === 'passwordRequired') throw new CliError('password', ctx.t('error.passwordNeeded'), { cause: error });
      throw new CliError('password', ctx.t('get.decryptFailed'), { cause: error });
    }
    throw error;
  }
}
