import { FileShareAccessService } from './file-share-access';
import { FileShareLinks } from './file-share-links';
import { FileShareRecordService } from './file-share-records';
import { FileShareStore, type FileShareStoreDeps } from './file-share-store';
import { FileShareUploadService } from './file-share-uploads';
import type { UploadLimits } from './upload-limits';

/** The file-share services (contract §5.4), built on one FileShareStore. */
export interface FileShareServices {
  /** The rows and objects of shares: the steps the services below and URL import build on. */
  store: FileShareStore;
  /** presign / commit, upload-direct, form upload. */
  uploads: FileShareUploadService;
  /** Public info, password checks and view counting, the proxy links, the Office preview. */
  access: FileShareAccessService;
  /** Admin and API-key lists, details, update, delete. */
  records: FileShareRecordService;
  /** The upload size limit and the storage quota (with the reservations of unfinished uploads). */
  limits: UploadLimits;
}

export function createFileShareServices(deps: FileShareStoreDeps): FileShareServices {
  const store = new FileShareStore(deps);
  const links = new FileShareLinks(deps.storageConfigs);
  return {
    store,
    uploads: new FileShareUploadService(store, links),
    access: new FileShareAccessService(store, links),
    records: new FileShareRecordService(store, links),
    limits: deps.limits,
  };
}
