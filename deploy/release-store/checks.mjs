// The checks a pin must pass: the release's files are all there and match the digests of its
// descriptor, and the environment's host provides shared versions inside the release's ranges.
import semver from 'semver';
import { integrityOf } from './descriptor.mjs';

const KERNEL = '@cloudclip/shared-kernel';

/**
 * @returns {Promise<{ descriptor: object | null, problems: string[] }>}
 */
export async function verifyRelease(store, pkg, release) {
  let descriptor;
  try {
    descriptor = await store.readDescriptor(pkg, release);
  } catch {
    return { descriptor: null, problems: [`${pkg}@${release} is not in the release store (${store.describe()})`] };
  }
  const problems = [];
  if (descriptor.package !== pkg) problems.push(`release.json names package ${descriptor.package}, not ${pkg}`);
  if (descriptor.release !== release) problems.push(`release.json names release ${descriptor.release}, not ${release}`);
  const files = Object.entries(descriptor.files ?? {});
  if (files.length === 0) problems.push('release.json lists no files');
  for (const [relative, expected] of files) {
    const content = await store.readFile(pkg, release, relative);
    if (!content) problems.push(`missing file ${relative}`);
    else if (integrityOf(content) !== expected) problems.push(`${relative} does not match its recorded digest`);
  }
  const manifest = await store.readFile(pkg, release, 'mf-manifest.json');
  if (manifest && JSON.stringify(JSON.parse(manifest.toString('utf8'))) !== JSON.stringify(descriptor.manifest)) {
    problems.push('mf-manifest.json differs from the manifest recorded in release.json');
  }
  return { descriptor, problems };
}

/**
 * Why a host's kernel cannot run a remote, in words an operator can act on. The kernel's version is
 * the remotes' contract with the host: a build provides exactly the kernel it was built with and
 * requires ^ of it (shared-kernel/build/mf-shared.cjs).
 */
function kernelProblem(provided, range, { hostLabel, builtWith }) {
  const host = hostLabel ? `the host (${hostLabel})` : 'the host';
  const needs = builtWith ? `the release was built against kernel ${builtWith} and needs ${range}` : `the release needs ${range}`;
  const head = `${KERNEL}: ${needs}, but ${host} provides kernel ${provided}`;
  if (semver.ltr(provided, range)) return `${head} (older): pin a host built with a kernel in ${range} first`;
  if (semver.gtr(provided, range)) return `${head} (newer, incompatible): rebuild and release the remote against kernel ${provided}`;
  return head;
}

/**
 * Whether a host can run a remote: every shared module the remote requires and the host provides
 * must be in range (the host's singleton is the one used), and the host must provide the kernel.
 * @param {{ provides: Record<string,string> }} host the host's shared versions
 * @param {{ requires: Record<string,string>, provides?: Record<string,string> }} remote the remote's shared ranges (and the versions it was built with)
 * @param {{ hostLabel?: string }} [context] names the host in the reasons, e.g. `host-shell@1.0.0`
 * @returns {string[]} problems, empty when compatible
 */
export function compatibilityProblems(host, remote, { hostLabel } = {}) {
  const problems = [];
  for (const [name, range] of Object.entries(remote.requires ?? {})) {
    const provided = host.provides?.[name];
    if (!provided) {
      if (name === KERNEL)
        problems.push(`${hostLabel ? `the host (${hostLabel})` : 'the host'} does not provide ${KERNEL} (the release needs ${range})`);
      continue;
    }
    if (!semver.validRange(range)) {
      problems.push(`${name}: the release's range "${range}" is not a valid semver range`);
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      problems.push(
        name === KERNEL
          ? kernelProblem(provided, range, { hostLabel, builtWith: remote.provides?.[KERNEL] })
          : `${name}: the host provides ${provided}, the release needs ${range}`,
      );
    }
  }
  return problems;
}
