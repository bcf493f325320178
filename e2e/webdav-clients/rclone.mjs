// The rclone scenarios: a copy up and down per mount, compared and checked with `rclone check`, with
// the server's RSS sampled; and a raw disk copy of the big file for comparison.
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { rssOf } from '../../api-server/bench/bench-server.mjs';
import { manifestDifferences, rcloneDifferences } from './client-output.mjs';
import { BIG_FILE, makeTree, manifestOf, treeBytes } from './file-tree.mjs';
import { runCommand } from './processes.mjs';
import { mbPerSecond } from './report.mjs';
import { KEY_HOME, MIB, MOUNTS } from './settings.mjs';

/** Samples a process's RSS every 200 ms until stopped; start, peak and growth in MB. */
function rssSampler(pid) {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => {
    const now = rssOf(pid);
    if (Number.isFinite(now)) peak = Math.max(peak, now);
  }, 200);
  return () => {
    clearInterval(timer);
    const toMb = (bytes) => (Number.isFinite(bytes) ? Math.round((bytes / MIB) * 10) / 10 : null);
    return { startMB: toMb(start), peakMB: toMb(peak), growthMB: toMb(peak - start) };
  };
}

function rcloneEnv(api, mount, user, obscuredPassword) {
  return {
    RCLONE_CONFIG_CC_TYPE: 'webdav',
    RCLONE_CONFIG_CC_URL: `${api.base}/dav${mount}`,
    RCLONE_CONFIG_CC_VENDOR: 'other',
    RCLONE_CONFIG_CC_USER: user,
    RCLONE_CONFIG_CC_PASS: obscuredPassword,
  };
}

function tail(text, lines = 30) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** rclone copy up and down, compared, and rclone check, in `folder` as `user`; `mount` names it in the results. */
async function rcloneRoundTrip({ api, mount, folder, user, obscured, tree, treeManifest, workRoot, failures }) {
  const env = rcloneEnv(api, folder, user, obscured);
  const common = ['--config', '/dev/null', '--retries', '1', '--low-level-retries', '2', '--stats', '0'];
  const remote = 'cc:rclone-tree';
  const bytes = treeBytes(tree);
  const result = {
    upMBps: null,
    downMBps: null,
    upSeconds: null,
    downSeconds: null,
    rss: {},
    rssGrowthMB: null,
    identical: false,
    checkDifferences: null,
  };

  const upRss = rssSampler(api.child.pid);
  const up = await runCommand('rclone', ['copy', tree, remote, '--create-empty-src-dirs', ...common], { env });
  result.rss.up = upRss();
  if (up.code !== 0) {
    failures.push(`rclone ${mount}: copy up failed (exit ${up.code})`);
    console.log(`    rclone copy up ${mount} failed:\n${tail(up.stderr)}`);
    return result;
  }
  result.upSeconds = Math.round(up.ms) / 1000;
  // A rate of a few small files says nothing: only a tree with the big file gets MB/s.
  const timed = bytes >= MIB;
  result.upMBps = timed ? mbPerSecond(bytes, up.ms) : null;

  const down = path.join(workRoot, `down${mount.replace(/[^A-Za-z0-9]+/g, '-')}`);
  const downRss = rssSampler(api.child.pid);
  const got = await runCommand('rclone', ['copy', remote, down, '--create-empty-src-dirs', ...common], { env });
  result.rss.down = downRss();
  result.rssGrowthMB = Math.max(result.rss.up.growthMB ?? 0, result.rss.down.growthMB ?? 0);
  if (got.code !== 0) {
    failures.push(`rclone ${mount}: copy down failed (exit ${got.code})`);
    console.log(`    rclone copy down ${mount} failed:\n${tail(got.stderr)}`);
  } else {
    result.downSeconds = Math.round(got.ms) / 1000;
    result.downMBps = timed ? mbPerSecond(bytes, got.ms) : null;
    const differences = manifestDifferences(treeManifest, await manifestOf(down));
    result.identical = differences.length === 0;
    for (const difference of differences) failures.push(`rclone ${mount}: round trip ${difference}`);
  }
  rmSync(down, { recursive: true, force: true });

  const check = await runCommand('rclone', ['check', tree, remote, ...common], { env });
  result.checkDifferences = rcloneDifferences(check.stderr + check.stdout);
  if (check.code !== 0 || result.checkDifferences !== 0) {
    failures.push(
      `rclone ${mount}: rclone check found ${result.checkDifferences ?? 'an unknown number of'} difference(s) (exit ${check.code})`,
    );
    console.log(`    rclone check ${mount}:\n${tail(check.stderr)}`);
  }
  return result;
}

async function rawCopy(tree, workRoot) {
  const target = path.join(workRoot, 'raw-copy.bin');
  const source = path.join(tree, BIG_FILE);
  const run = await runCommand('sh', ['-c', 'cp "$1" "$2" && sync "$2"', 'raw-copy', source, target]);
  const bytes = statSync(source).size;
  rmSync(target, { force: true });
  if (run.code !== 0) return { MBps: null, seconds: null, error: tail(run.stderr) };
  return { MBps: mbPerSecond(bytes, run.ms), seconds: Math.round(run.ms) / 1000 };
}

/** The rclone round trip on every mount, then the raw disk copy of the big file. */
export async function rcloneChecks({ api, key, bigMb, workRoot, results, failures }) {
  console.log(`\nrclone round trip (writing the ${bigMb} MB file …)`);
  const tree = path.join(workRoot, 'tree');
  await makeTree(tree, bigMb);
  const smallTree = path.join(workRoot, 'small-tree');
  await makeTree(smallTree, 0);
  const obscure = async (password) => (await runCommand('rclone', ['obscure', password])).stdout.trim();
  const admin = { user: api.admin.username, obscured: await obscure(api.admin.password) };
  // Each mount as the admin with the big file, then the small files in the key's home as the key.
  const runs = [
    ...MOUNTS.map((mount) => ({ mount: mount.path, folder: mount.path, ...admin, tree })),
    { mount: `${KEY_HOME} (key, small files)`, folder: KEY_HOME, user: key, obscured: await obscure(key), tree: smallTree },
  ];
  for (const run of runs) {
    const r = await rcloneRoundTrip({ api, ...run, treeManifest: await manifestOf(run.tree), workRoot, failures });
    results.rclone[run.mount] = r;
    console.log(
      `  ${run.mount}: up ${r.upMBps ?? 'n/a'} MB/s (${r.upSeconds ?? 'n/a'} s), down ${r.downMBps ?? 'n/a'} MB/s (${r.downSeconds ?? 'n/a'} s), ` +
        `RSS start ${r.rss.up?.startMB ?? 'n/a'} MB, peak up ${r.rss.up?.peakMB ?? 'n/a'} / down ${r.rss.down?.peakMB ?? 'n/a'} MB, ` +
        `growth ${r.rssGrowthMB ?? 'n/a'} MB, ${r.identical ? 'identical' : 'NOT identical'}, rclone check ${r.checkDifferences ?? 'n/a'} differences`,
    );
  }
  results.rawCopy = await rawCopy(tree, workRoot);
}
