// A real S3 (s3rver) in a process of its own, for the fault tests that kill the storage: SIGKILL ends
// it the way a crashed or unplugged S3 endpoint ends, every connection cut mid-transfer, and it can
// be started again on the same port and data folder. Not a test (no .test. in its name).
//
//   const s3 = await startS3rverProcess({ directory, port });   port 0 = a free one
//   s3.kill();  await startS3rverProcess({ directory, port: s3.port })
//
// Run as a script, it is that process: `node s3rver-process.mjs <directory> <port>`; it prints
// `listening <port>` once it serves.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const S3RVER_BUCKET = 'fault-bucket';
/** s3rver's built-in credentials (it accepts V4 signatures without recomputing them). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const self = fileURLToPath(import.meta.url);

/** Starts s3rver in a child process on 127.0.0.1; resolves once it listens. */
export function startS3rverProcess({ directory, port = 0 }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [self, directory, String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const exited = new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
    const failed = (reason) => reject(new Error(`s3rver did not start (${reason}):\n${output}`));
    child.once('error', (error) => failed(error.message));
    child.once('exit', (code, signal) => failed(`exit ${code ?? signal}`));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const listening = /listening (\d+)/.exec(output);
      if (!listening) return;
      const actual = Number(listening[1]);
      resolve({
        port: actual,
        endpoint: `http://127.0.0.1:${actual}`,
        child,
        exited,
        /** Ends it at once, as a crash would. */
        async kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    });
  });
}

async function serve(directory, port) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: S3RVER_BUCKET }] });
  const address = await server.run();
  process.stdout.write(`listening ${address.port}\n`);
}

if (process.argv[1] === self) {
  const [directory, port] = process.argv.slice(2);
  serve(directory, Number(port) || 0).catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  });
}
