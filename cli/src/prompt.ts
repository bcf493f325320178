/**
 * Questions asked on stderr, answers read from stdin. A secret answer is read in raw mode with
 * nothing echoed; Ctrl-C while asking cancels (exit 130 through the interrupt handler).
 */
import { createInterface } from 'node:readline';
import { CliError } from './errors';

export type Prompt = (question: string, opts?: { secret?: boolean }) => Promise<string>;

type TtyInput = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };

export function createPrompt(stdin: NodeJS.ReadableStream, stderr: NodeJS.WritableStream, cancelledMessage: string): Prompt {
  return (question, opts = {}) => {
    const input = stdin as TtyInput;
    if (opts.secret && input.isTTY && typeof input.setRawMode === 'function') {
      return readSecret(input as TtyInput & { setRawMode: (mode: boolean) => unknown }, stderr, question, cancelledMessage);
    }
    return new Promise<string>((resolve, reject) => {
      const rl = createInterface({ input: stdin, output: stderr, terminal: false });
      let answered = false;
      stderr.write(question);
      rl.once('line', (line) => {
        answered = true;
        rl.close();
        resolve(line);
      });
      rl.once('close', () => {
        if (!answered) reject(new CliError('cancelled', cancelledMessage));
      });
    });
  };
}

function readSecret(
  input: TtyInput & { setRawMode: (mode: boolean) => unknown },
  stderr: NodeJS.WritableStream,
  question: string,
  cancelledMessage: string,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    stderr.write(question);
    let answer = '';
    input.setRawMode(true);
    input.resume();
    const finish = (error?: CliError): void => {
      input.removeListener('data', onData);
      input.setRawMode(false);
      input.pause();
      stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: Buffer | string): void => {
      for (const char of chunk.toString()) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') {
          // Ctrl-C: leave raw mode and let the interrupt handler end the process (exit 130).
          input.removeListener('data', onData);
          input.setRawMode(false);
          process.kill(process.pid, 'SIGINT');
          return;
        }
        if (char === '\u0004') return finish(new CliError('cancelled', cancelledMessage));
        if (char === '\u007f' || char === '\b') answer = [...answer].slice(0, -1).join('');
        else if (char >= ' ') answer += char;
      }
    };
    input.on('data', onData);
  });
}

/** Asks a y/N question; true only for an answer starting with y (or the localized yes). */
export async function confirm(prompt: Prompt, question: string, yesWord = 'y'): Promise<boolean> {
  const answer = (await prompt(question)).trim().toLowerCase();
  return answer.startsWith('y') || answer.startsWith(yesWord.toLowerCase()) || answer === '是';
}
