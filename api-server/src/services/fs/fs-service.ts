import type {
  FsBatchRemoveResponse,
  FsBucketListing,
  FsFileInfo,
  FsFileLink,
  FsFolderInfo,
  FsPresignCommitResponse,
  FsPresignResponse,
  FsUpdateResponse,
  FsVirtualListing,
} from '@cloudclip/contract';
import type { GetObjectResult } from '../../storage/storage-driver';
import type { FsAccess, FsCaller } from './fs-access';
import { FsListing } from './fs-listing';
import { FsObjectReads } from './fs-object-reads';
import { FsPresignedUploads, type PresignCommitInput, type PresignInput } from './fs-presigned-upload';
import { FsWrites, type Describe } from './fs-writes';

/**
 * The file-system browser of contract §5.9, one service for the routes: listings (fs-listing.ts),
 * object and folder info, downloads and links (fs-object-reads.ts), folders, text updates, removal
 * and rename (fs-writes.ts) and the presigned upload flow (fs-presigned-upload.ts). Every path goes
 * through fs-path.ts (hardening) and FsAccess (basic_path, mount resolution) first.
 */
export class FsService {
  private readonly listing: FsListing;
  private readonly reads: FsObjectReads;
  private readonly writes: FsWrites;
  private readonly presigned: FsPresignedUploads;

  constructor(access: FsAccess) {
    this.listing = new FsListing(access);
    this.reads = new FsObjectReads(access);
    this.writes = new FsWrites(access);
    this.presigned = new FsPresignedUploads(access);
  }

  list(caller: FsCaller, rawPath: unknown): Promise<FsVirtualListing | FsBucketListing> {
    return this.listing.list(caller, rawPath);
  }

  get(caller: FsCaller, rawPath: unknown, urlBase: string): Promise<FsFileInfo | FsFolderInfo> {
    return this.reads.get(caller, rawPath, urlBase);
  }

  open(caller: FsCaller, rawPath: unknown, rangeHeader: string | undefined): Promise<{ object: GetObjectResult; name: string }> {
    return this.reads.open(caller, rawPath, rangeHeader);
  }

  fileLink(...args: Parameters<FsObjectReads['fileLink']>): Promise<FsFileLink> {
    return this.reads.fileLink(...args);
  }

  mkdir(caller: FsCaller, rawPath: unknown): Promise<void> {
    return this.writes.mkdir(caller, rawPath);
  }

  update(caller: FsCaller, rawPath: unknown, content: string): Promise<FsUpdateResponse> {
    return this.writes.update(caller, rawPath, content);
  }

  remove(caller: FsCaller, rawPath: unknown): Promise<void> {
    return this.writes.remove(caller, rawPath);
  }

  batchRemove(caller: FsCaller, rawPaths: readonly unknown[], describe: Describe): Promise<FsBatchRemoveResponse> {
    return this.writes.batchRemove(caller, rawPaths, describe);
  }

  rename(caller: FsCaller, rawOld: unknown, rawNew: unknown, urlBase: string): Promise<void> {
    return this.writes.rename(caller, rawOld, rawNew, urlBase);
  }

  presign(caller: FsCaller, input: PresignInput, urlBase: string): Promise<FsPresignResponse> {
    return this.presigned.presign(caller, input, urlBase);
  }

  commitPresigned(caller: FsCaller, input: PresignCommitInput, urlBase: string): Promise<FsPresignCommitResponse> {
    return this.presigned.commitPresigned(caller, input, urlBase);
  }
}
