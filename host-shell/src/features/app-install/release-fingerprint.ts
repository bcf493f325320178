/** The part of the environment manifest (/env.json) that says which releases a page runs. */
export interface PinnedReleases {
  host?: { package: string; version: string };
  remotes: ReadonlyArray<{ name: string; version: string; entry: string }>;
}

/**
 * One string for the set of releases an environment pins: the host's version (when `withHost`) and
 * every remote's name, version and entry (a dev override changes the entry, not the version). The
 * order of the remotes does not matter.
 */
export function releaseFingerprint(pinned: PinnedReleases, withHost = true): string {
  const host = withHost && pinned.host ? [`${pinned.host.package}@${pinned.host.version}`] : [];
  const remotes = pinned.remotes.map((remote) => `${remote.name}@${remote.version} ${remote.entry}`).sort();
  return [...host, ...remotes].join('\n');
}

/**
 * Whether the environment now serves other releases than the page booted with. The host counts
 * only when both manifests name it (a gateway from before the host was listed names none).
 */
export function releasesDiffer(booted: PinnedReleases, current: PinnedReleases): boolean {
  const withHost = !!booted.host && !!current.host;
  return releaseFingerprint(booted, withHost) !== releaseFingerprint(current, withHost);
}
