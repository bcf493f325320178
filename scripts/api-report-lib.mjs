// The pure half of the API report check (scripts/api-report.mjs): comparing two export snapshots
// and deciding which version bump the difference needs. No TypeScript, no file system.
//
// A report is { package, version, entry, exports: { [name]: { kind, signature: string[] } } }.
// `signature` holds one line per call signature, member or constant path, e.g. `timeout: number`
// or `limits.maxSize?: number | undefined`.
//
// The bump rule follows the caret ranges the pin check uses (a remote built against X.Y.Z requires
// ^X.Y.Z): an incompatible change must leave ^old, a compatible addition must stay inside it while
// raising the version, so remotes built against the new version refuse an older host.
//   from >=1.0.0   addition: minor    removed/changed: major
//   from 0.y.z     addition: patch    removed/changed: minor   (^0.y.z is >=0.y.z <0.(y+1).0)
//   from 0.0.z     anything: patch                             (^0.0.z is exactly 0.0.z)

/** Parses `1.2.3` or `1.2.3-rc.1` (build metadata ignored); null when it is not a version. */
export function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(String(text ?? '').trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease: match[4] ?? '' };
}

function comparePrerelease(a, b) {
  if (a === b) return 0;
  if (!a) return 1; // a release is above its prereleases
  if (!b) return -1;
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    if (left[i] === undefined) return -1;
    if (right[i] === undefined) return 1;
    const numeric = /^\d+$/.test(left[i]) && /^\d+$/.test(right[i]);
    const order = numeric ? Number(left[i]) - Number(right[i]) : left[i].localeCompare(right[i]);
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/** Semver precedence: negative, 0 or positive. */
export function compareVersions(a, b) {
  const left = typeof a === 'string' ? parseVersion(a) : a;
  const right = typeof b === 'string' ? parseVersion(b) : b;
  if (!left || !right) throw new Error(`Not a semantic version: ${!left ? a : b}`);
  return (
    left.major - right.major || left.minor - right.minor || left.patch - right.patch || comparePrerelease(left.prerelease, right.prerelease)
  );
}

/** Splits a signature line into its member path and whether that member is optional (`name?: …`). */
function isOptionalMember(line) {
  const colon = line.indexOf(': ');
  return colon > 0 && line.slice(0, colon).endsWith('?');
}

/** Kinds whose added members can only be read by callers, never have to be supplied by them. */
const VALUE_KINDS = new Set(['const', 'let', 'var', 'enum', 'class', 'function']);

/**
 * What changed between two reports, export by export.
 * An added line of an existing export is compatible when the export is a value (a new constant, enum
 * member, class member or overload) or the member is optional; a required member added to an
 * interface or type may have to be supplied by callers, so it counts as incompatible, like any
 * removed or changed line and any change of kind.
 */
export function diffReports(before, after) {
  const old = before?.exports ?? {};
  const now = after?.exports ?? {};
  const added = Object.keys(now)
    .filter((name) => !(name in old))
    .sort();
  const removed = Object.keys(old)
    .filter((name) => !(name in now))
    .sort();
  const changed = [];
  for (const name of Object.keys(now)
    .filter((key) => key in old)
    .sort()) {
    const was = old[name];
    const is = now[name];
    const wasLines = new Set(was.signature ?? []);
    const isLines = new Set(is.signature ?? []);
    const addedLines = [...isLines].filter((line) => !wasLines.has(line));
    const removedLines = [...wasLines].filter((line) => !isLines.has(line));
    if (was.kind === is.kind && addedLines.length === 0 && removedLines.length === 0) continue;
    const valueKind = is.kind.split(' + ').every((kind) => VALUE_KINDS.has(kind));
    const breaking = was.kind !== is.kind || removedLines.length > 0 || addedLines.some((line) => !valueKind && !isOptionalMember(line));
    changed.push({ name, kindBefore: was.kind, kindAfter: is.kind, addedLines, removedLines, breaking });
  }
  return { added, removed, changed };
}

/** 'none', 'addition' (compatible: only new exports or members) or 'breaking'. */
export function changeLevel(diff) {
  if (diff.removed.length > 0 || diff.changed.some((change) => change.breaking)) return 'breaking';
  if (diff.added.length > 0 || diff.changed.length > 0) return 'addition';
  return 'none';
}

/** The lowest version after `from` that a change of `level` needs, and the name of that bump. */
export function minimumVersion(from, level) {
  const v = parseVersion(from);
  if (!v) throw new Error(`Not a semantic version: ${from}`);
  if (level === 'none') return { version: `${v.major}.${v.minor}.${v.patch}`, bump: 'none' };
  if (v.major > 0) {
    return level === 'breaking'
      ? { version: `${v.major + 1}.0.0`, bump: 'major' }
      : { version: `${v.major}.${v.minor + 1}.0`, bump: 'minor' };
  }
  if (v.minor > 0 && level === 'breaking') return { version: `0.${v.minor + 1}.0`, bump: 'minor' };
  // A prerelease of the next patch is still below it, so the patch itself is the minimum.
  return { version: v.prerelease ? `0.${v.minor}.${v.patch}` : `0.${v.minor}.${v.patch + 1}`, bump: 'patch' };
}

/** The bump from one version to another: 'major', 'minor', 'patch', 'prerelease', 'none' or 'lower'. */
export function bumpBetween(from, to) {
  const order = compareVersions(to, from);
  if (order === 0) return 'none';
  if (order < 0) return 'lower';
  const a = parseVersion(from);
  const b = parseVersion(to);
  if (b.major !== a.major) return 'major';
  if (b.minor !== a.minor) return 'minor';
  if (b.patch !== a.patch) return 'patch';
  return 'prerelease';
}

const LIST_LIMIT = 12;

function list(names) {
  const shown = names.slice(0, LIST_LIMIT).join(', ');
  return names.length > LIST_LIMIT ? `${shown} and ${names.length - LIST_LIMIT} more` : shown;
}

/** Human-readable lines describing a diff. */
export function describeDiff(diff) {
  const lines = [];
  if (diff.added.length) lines.push(`added: ${list(diff.added)}`);
  if (diff.removed.length) lines.push(`removed: ${list(diff.removed)}`);
  const incompatible = diff.changed.filter((change) => change.breaking).map((change) => change.name);
  const extended = diff.changed.filter((change) => !change.breaking).map((change) => change.name);
  if (incompatible.length) lines.push(`changed: ${list(incompatible)}`);
  if (extended.length) lines.push(`extended (compatible): ${list(extended)}`);
  return lines;
}

function reason(level, from, bump) {
  const what = level === 'breaking' ? 'removed or changed exports' : 'added exports';
  return `${what} need a ${bump} bump${parseVersion(from)?.major === 0 ? ' under 0.x' : ''}`;
}

/**
 * The check. `recorded` is the checked-in report (or null), `current` the report of the code,
 * `packageVersion` the version in package.json, `updateCommand` what to run to rewrite the report.
 * @returns {{ ok: boolean, level: 'none'|'addition'|'breaking', minimum: string | null, diff: object, messages: string[] }}
 */
export function checkReport({ recorded, current, packageVersion, updateCommand }) {
  const name = current?.package ?? recorded?.package ?? 'the package';
  if (!parseVersion(packageVersion)) {
    return {
      ok: false,
      level: 'none',
      minimum: null,
      diff: diffReports(null, current),
      messages: [`${name}: package.json version "${packageVersion}" is not a semantic version`],
    };
  }
  if (!recorded) {
    return {
      ok: false,
      level: 'none',
      minimum: null,
      diff: diffReports(null, current),
      messages: [`${name}: there is no API report yet; record one with: ${updateCommand}`],
    };
  }
  const diff = diffReports(recorded, current);
  const level = changeLevel(diff);
  const recordedAt = recorded.version;
  const bump = bumpBetween(recordedAt, packageVersion);
  if (bump === 'lower') {
    return {
      ok: false,
      level,
      minimum: null,
      diff,
      messages: [`${name}: package.json says ${packageVersion}, lower than ${recordedAt} where the API report was recorded`],
    };
  }
  if (level === 'none') {
    if (bump === 'none') return { ok: true, level, minimum: null, diff, messages: [] };
    return {
      ok: false,
      level,
      minimum: null,
      diff,
      messages: [
        `${name}: the version went from ${recordedAt} to ${packageVersion} with the same exports; record the new version with: ${updateCommand}`,
      ],
    };
  }
  const minimum = minimumVersion(recordedAt, level);
  const changes = describeDiff(diff).map((line) => `  ${line}`);
  const refused = (messages) => ({ ok: false, level, minimum: minimum.version, diff, messages });
  if (bump === 'none') {
    return refused([
      `${name}: the exports changed since the API report (recorded at ${recordedAt}), but the version is still ${packageVersion}:`,
      ...changes,
      `Bump "version" in package.json to at least ${minimum.version} (${reason(level, recordedAt, minimum.bump)}), then run: ${updateCommand}`,
    ]);
  }
  if (compareVersions(packageVersion, minimum.version) < 0) {
    return refused([
      `${name}: ${recordedAt} → ${packageVersion} is a ${bump} bump, too small for what changed:`,
      ...changes,
      `Use at least ${minimum.version} (${reason(level, recordedAt, minimum.bump)}), then run: ${updateCommand}`,
    ]);
  }
  return refused([
    `${name}: the version was bumped correctly (${recordedAt} → ${packageVersion}) for these export changes:`,
    ...changes,
    `Record them in the API report with: ${updateCommand}`,
  ]);
}
