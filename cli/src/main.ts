/**
 * Entry of the `cloudclip` command (bundled into dist/cloudclip.mjs). Only run.ts is loaded at start;
 * each command, the encryption code and the QR encoder are imported when used, so start-up is fast.
 * Ctrl-C: running transfers get the signal first (they clean up their partial files), then exit 130.
 */
import { run } from './run';

let interrupted = false;
process.on('SIGINT', () => {
  const stdin = process.stdin as NodeJS.ReadStream;
  if (stdin.isTTY && stdin.isRaw) stdin.setRawMode(false);
  if (interrupted || process.listenerCount('SIGINT') <= 1) {
    process.stderr.write('\n');
    process.exit(130);
  }
  // A transfer listens too: let it abort and remove its partial files, then leave.
  interrupted = true;
  setTimeout(() => process.exit(130), 2000);
});

// A closed pipe (`cloudclip ls | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
});

const code = await run(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  stdinIsTTY: process.stdin.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
});
process.exitCode = interrupted ? 130 : code;
