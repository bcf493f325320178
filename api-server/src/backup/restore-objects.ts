/**
 * The storage objects of a restore: where an archived object or sidecar goes (from its name in the
 * archive), and, after the database commit, moving the staged objects into the target's local
 * storage (never over an existing one) and putting their sidecars beside them.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { isFolderKey, keySegments, localStoragePaths } from '../storage/local-keys';
import { LocalSidecars, writeJson } from '../storage/local-sidecars';
import { OBJECTS_PREFIX } from './archive-format';

const OBJECT_ID = /^[A-Za-z0-9_-]+$/;

/** An object unpacked into the staging directory: its storage configuration and key segments. */
export interface StagedObject {
  configId: string;
  segments: string[];
}

/** An archived sidecar unpacked into the staging directory (`file`), for storage configuration `configId`. */
export interface StagedSidecar {
  configId: string;
  file: string;
}

/** Where an archived object (or, with OBJECT_META_PREFIX, its sidecar) goes; undefined for an unusable name. */
export function objectTarget(name: string, prefix = OBJECTS_PREFIX): StagedObject | undefined {
  const rest = name.slice(prefix.length).split('/');
  const configId = rest.shift();
  if (configId === undefined || !OBJECT_ID.test(configId) || rest.length === 0) return undefined;
  if (rest.some((segment) => segment === '' || segment === '.' || segment === '..' || /[\\\0]/.test(segment))) return undefined;
  return { configId, segments: rest };
}

/** What a sidecar holds (storage/local-sidecars.ts); only `key`, `size` and `mtimeMs` matter here. */
interface SidecarFacts {
  key: string;
  size: number;
  mtimeMs: number;
}

function sidecarFacts(text: string): SidecarFacts | undefined {
  try {
    const value = JSON.parse(text) as Partial<SidecarFacts>;
    if (typeof value.key !== 'string' || typeof value.size !== 'number' || typeof value.mtimeMs !== 'number') return undefined;
    keySegments(value.key);
    return value as SidecarFacts;
  } catch {
    return undefined;
  }
}

/**
 * Puts one archived sidecar in place, where the target's local driver looks for it (found from the
 * key it names, never from the archive's path). Only for an object this restore put in place, or a
 * folder marker the target lacks: an existing object keeps its own metadata. The object gets the
 * recorded modification time and the sidecar the file's actual one, so the driver takes the
 * sidecar as current (same ETag) instead of computing it again. A sidecar that was already stale
 * in the source (its size differs) stays so: the driver computes the ETag again.
 */
async function restoreSidecar(dataDir: string, configId: string, stagedFile: string, restoredKeys: ReadonlySet<string>): Promise<void> {
  const meta = sidecarFacts(await readFile(stagedFile, 'utf8'));
  if (meta === undefined) return;
  const { rootDir, internalDir } = localStoragePaths(dataDir, configId);
  const destination = new LocalSidecars(internalDir).metaPath(meta.key);
  const segments = keySegments(meta.key);
  if (isFolderKey(meta.key)) {
    if (existsSync(destination)) return;
    await mkdir(path.join(rootDir, ...segments), { recursive: true });
    await writeJson(destination, meta);
    return;
  }
  if (!restoredKeys.has(`${configId}/${meta.key}`)) return;
  const objectFile = path.join(rootDir, ...segments);
  let info = await stat(objectFile);
  if (info.size === meta.size && Number.isFinite(meta.mtimeMs) && meta.mtimeMs > 0) {
    await utimes(objectFile, info.atime, meta.mtimeMs / 1000);
    info = await stat(objectFile);
    await writeJson(destination, { ...meta, mtimeMs: info.mtimeMs });
  } else {
    await writeJson(destination, meta);
  }
}

/**
 * Moves the staged objects into `<dataDir>/storage/<config-id>/<key>` (an existing object is a
 * conflict and stays as it is), then the sidecars of those objects and of missing folder markers.
 */
export async function moveStagedObjects(
  dataDir: string,
  staging: string,
  staged: readonly StagedObject[],
  stagedMeta: readonly StagedSidecar[],
): Promise<{ restored: number; conflicts: string[] }> {
  const objectConflicts: string[] = [];
  const restoredKeys = new Set<string>();
  let restored = 0;
  for (const object of staged) {
    const destination = path.join(dataDir, 'storage', object.configId, ...object.segments);
    const key = `${object.configId}/${object.segments.join('/')}`;
    if (existsSync(destination)) {
      objectConflicts.push(key);
      continue;
    }
    await mkdir(path.dirname(destination), { recursive: true });
    await rename(path.join(staging, object.configId, ...object.segments), destination);
    restoredKeys.add(key);
    restored += 1;
  }
  for (const meta of stagedMeta) await restoreSidecar(dataDir, meta.configId, meta.file, restoredKeys);
  return { restored, conflicts: objectConflicts };
}
