import type { CommandContext } from '../context';
import type { ProgressOptions, ProgressTexts } from './progress';

/** The progress line's words in the user's language. */
export function progressTexts(ctx: Pick<CommandContext, 't'>): ProgressTexts {
  return {
    left: (time) => ctx.t('transfer.left', { time }),
    summary: (values) => ctx.t('transfer.summary', values),
  };
}

/** Progress on stderr only when it is a terminal and --quiet is off. */
export function progressOptions(ctx: Pick<CommandContext, 't' | 'stderr' | 'stderrIsTTY' | 'quiet'>): ProgressOptions {
  return {
    enabled: ctx.stderrIsTTY && !ctx.quiet,
    stream: ctx.stderr as unknown as ProgressOptions['stream'],
    texts: progressTexts(ctx),
  };
}
