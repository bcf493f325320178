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
 * Whether a host can run a remote: every shared module the remote requires and the host provides
 * must be in range (the host's singleton is the one used), and the host must provide the kernel.
 * @param {{ provides: Record<string,string> }} host the host's shared versions
 * @param {{ requires: Record<string,string> }} remote the remote's shared ranges
 * @returns {string[]} problems, empty when compatible
 */
export function compatibilityProblems(host, remote) {
  const problems = [];
  for (const [name, range] of Object.entries(remote.requires ?? {})) {
    const provided = host.provides?.[name];
    if (!provided) {
      if (name === KERNEL) problems.push(`the host does not provide ${KERNEL} (the release needs ${range})`);
      continue;
    }
    if (!semver.validRange(range)) {
      problems.push(`${name}: the release's range "${range}" is not a valid semver range`);
    } else if (!semver.satisfies(provided, range, { includePrerelease: true })) {
      problems.push(`${name}: the host provides ${provided}, the release needs ${range}`);
    }
  }
  return problems;
}
