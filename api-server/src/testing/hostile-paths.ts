import type { StorageDriver } from '../storage/storage-driver';
import { createFsWorld, type FsWorld } from './fs-test-kit';

/**
 * Hostile paths against a key whose basic_path is `/docs/team`, on a layout with the mount `/docs`
 * (holding `team/a.txt` inside the basic path and `private/p.txt` outside it) and a second mount
 * `/secret`. Every one must be refused (or show nothing) by every operation of the fs API
 * (routes/fs-basic-path.test.ts) and of WebDAV (webdav/webdav-basic-path.test.ts).
 */

/** Paths as the client would send them (the transport decodes them once). */
export const HOSTILE: Array<[label: string, path: string]> = [
  ['dot-dot segment', '/docs/team/../private/p.txt'],
  ['trailing dot-dot', '/docs/team/..'],
  ['dot-dot after a file', '/docs/team/a.txt/..'],
  ['dot segment', '/docs/team/./a.txt'],
  ['three dots', '/docs/team/.../private'],
  ['percent-encoded dot-dot (double encoded on the wire)', '/docs/team/%2e%2e/private/p.txt'],
  ['upper-case encoded dot-dot', '/docs/team/%2E%2E/private/p.txt'],
  ['encoded slash inside a segment', '/docs/team/..%2Fprivate%2Fp.txt'],
  ['encoded slash after the basic path', '/docs/team%2F..%2Fprivate/p.txt'],
  ['encoded backslash', '/docs/team/%5c..%5cprivate'],
  ['encoded NUL', '/docs/team/a.txt%00.png'],
  ['double slash', '/docs/team//../private/p.txt'],
  ['leading double slash', '//docs/private/p.txt'],
  ['plain sibling folder', '/docs/private/p.txt'],
  ['trailing dot on the basic path', '/docs/team./a.txt'],
  ['trailing dots on the basic path', '/docs/team../private'],
  ['trailing space on the basic path', '/docs/team /a.txt'],
  ['sibling sharing the prefix', '/docs/teamx/a.txt'],
  ['NUL byte', '/docs/team\u0000/../private/p.txt'],
  ['NUL before an extension', '/docs/team/a.txt\u0000.png'],
  ['C0 control', '/docs/team/\u0001'],
  ['C1 control', '/docs/team\u0085/x'],
  ['backslashes', '/docs/team\\..\\private\\p.txt'],
  ['division slash U+2215', '/docs/team\u2215..\u2215private'],
  ['fullwidth solidus U+FF0F', '/docs/team\uff0f..\uff0fprivate'],
  ['fraction slash U+2044', '/docs/team\u2044..'],
  ['fullwidth full stops', '/docs/team/\uff0e\uff0e/private/p.txt'],
  ['one dot leaders', '/docs/team/\u2024\u2024/private'],
  ['right-to-left override', '/docs/team\u202e/x'],
  ['zero width space', '/docs/team\u200b/a.txt'],
  ['upper-case basic path', '/docs/TEAM/a.txt'],
  ['upper-case mount', '/DOCS/team/a.txt'],
  ['fullwidth letters', '/docs/\uff54\uff45\uff41\uff4d/a.txt'],
  ['relative path', 'docs/team/a.txt'],
  ['leading space', ' /docs/team/a.txt'],
  ['very long path', `/docs/team/${'x/'.repeat(600)}a.txt`],
  ['very long segment', `/docs/team/${'y'.repeat(300)}`],
  ['another mount', '/secret/s.txt'],
  ['the root', '/'],
  ['ancestor of the basic path', '/docs'],
];

export const PRIVATE_TEXT = 'PRIVATE-CONTENT';
export const SECRET_TEXT = 'SECRET-CONTENT';

/** The layout above, built through the API, with a key confined to `/docs/team`. */
export interface ConfinementWorld {
  w: FsWorld;
  docsDriver: StorageDriver;
  secretDriver: StorageDriver;
  secretConfigId: string;
  /** The confined key's value (for `ApiKey <value>` or Basic value:value). */
  keyValue: string;
  /** Every object of both storages with its ETag, sorted: equal before and after = nothing touched. */
  snapshot(): Promise<string[]>;
}

export async function createConfinementWorld(): Promise<ConfinementWorld> {
  const w = await createFsWorld('local');
  const docsDriver = w.driver;
  await w.mount('/docs');
  const created = await w.post('/api/s3-configs', w.admin, { name: 'second', provider_type: 'Local' });
  const secretConfigId = (created.json() as { data: { id: string } }).data.id;
  await w.mount('/secret', { storage_config_id: secretConfigId });
  const config = await w.t.container.repositories.storageConfigs.findById(secretConfigId);
  if (!config) throw new Error('second storage config missing');
  const secretDriver = w.t.container.storage.driverFor(config);
  await docsDriver.putObject('team/a.txt', 'team content', { contentType: 'text/plain' });
  await docsDriver.putObject('private/p.txt', PRIVATE_TEXT, { contentType: 'text/plain' });
  await secretDriver.putObject('s.txt', SECRET_TEXT, { contentType: 'text/plain' });
  const keyValue = ((await w.key({ basicPath: '/docs/team', mount: true })).authorization ?? '').replace(/^ApiKey\s+/, '');
  const snapshot = async (): Promise<string[]> => {
    const keys: string[] = [];
    for (const [name, driver] of [
      ['docs', docsDriver],
      ['secret', secretDriver],
    ] as const) {
      for (const object of (await driver.listObjects({})).objects) keys.push(`${name}:${object.key}:${object.etag}`);
    }
    return keys.sort();
  };
  return { w, docsDriver, secretDriver, secretConfigId, keyValue, snapshot };
}

/**
 * After a run of hostile requests: both storages are as `before` (`snapshot`), no file share was
 * recorded, and no answer in `bodies` contains any of `hidden`.
 */
export async function expectConfined(
  world: Pick<ConfinementWorld, 'w' | 'snapshot'>,
  before: string[],
  bodies: readonly string[],
  hidden: readonly string[],
): Promise<void> {
  expect(await world.snapshot()).toEqual(before);
  expect(await world.w.t.container.db.selectFrom('files').selectAll().execute()).toEqual([]);
  for (const body of bodies) {
    for (const text of hidden) expect(body).not.toContain(text);
  }
}
