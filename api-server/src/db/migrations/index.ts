import type { Migration } from 'kysely';
import * as m0001 from './0001-auth-and-settings';
import * as m0002 from './0002-shares-storage-mounts';
import * as m0003 from './0003-upload-reservations';
import * as m0004 from './0004-webdav';
import * as m0005 from './0005-paste-encryption';
import * as m0006 from './0006-search';
import * as m0007 from './0007-mount-index';
import * as m0008 from './0008-paste-stored-bytes';
import * as m0009 from './0009-paste-tags';
import * as m0010 from './0010-owner-recency';
import * as m0011 from './0011-credential-failures';
import * as m0012 from './0012-mount-index-lease';
import * as m0013 from './0013-dav-property-principal';
import * as m0014 from './0014-backup-runs';
import * as m0015 from './0015-storage-host-key';

/**
 * Every migration, in order. Add new files as `NNNN-<name>.ts` and list them here;
 * names sort lexicographically, so keep the 4-digit prefix.
 */
export const migrations: Record<string, Migration> = {
  '0001-auth-and-settings': m0001,
  '0002-shares-storage-mounts': m0002,
  '0003-upload-reservations': m0003,
  '0004-webdav': m0004,
  '0005-paste-encryption': m0005,
  '0006-search': m0006,
  '0007-mount-index': m0007,
  '0008-paste-stored-bytes': m0008,
  '0009-paste-tags': m0009,
  '0010-owner-recency': m0010,
  '0011-credential-failures': m0011,
  '0012-mount-index-lease': m0012,
  '0013-dav-property-principal': m0013,
  '0014-backup-runs': m0014,
  '0015-storage-host-key': m0015,
};
