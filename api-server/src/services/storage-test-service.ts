import type { S3TestCors, S3TestFrontendSim, S3TestRead, S3TestResultDetails, S3TestStep, S3TestWrite } from '@cloudclip/contract';
import { performance } from 'node:perf_hooks';
import type { StorageConfigRow } from '../db/schema';
import type { Locale, MessageKey } from '../i18n/messages';
import { formatBytes } from '../lib/format-size';
import { LOCAL_STORAGE_ROUTE_PREFIX, type LocalUrlSigner } from '../storage/local-url-signer';
import { isStorageError, quoteEtag, type StorageDriver } from '../storage/storage-driver';
import { PROVIDER_B2, type StorageConfigService } from './storage-config-service';
import {
  corsTest,
  errorText,
  guideFor,
  HTTP_TIMEOUT_MS,
  localCors,
  skippedCors,
  TEST_CONTENT_TYPE,
  uploadResponseHeaders,
} from './storage-test-cors';
import { storageTestNotes, type StorageTestNotes } from './storage-test-notes';
import {
  rangesTest,
  spaceTest,
  type StorageTestSpace,
  readBack,
  remoteErrorText,
  remoteKind,
  type RemoteDriverKind,
  type SkippedCors,
  type StorageTestRanges,
} from './storage-test-remote';

export interface StorageTestContext {
  /** The caller's `Origin` header (used for the CORS probe), if any. */
  origin: string | undefined;
  /** Origin of this API (absolute links of the local driver; CORS origin when the caller sent none). */
  urlBase: string;
  locale: Locale;
}

export interface StorageTestOutcome {
  /** read && cors && frontendSim. */
  success: boolean;
  messageKey: MessageKey;
  result: StorageTestResult;
}

/** The contract's report; WebDAV and SFTP storage add `ranges`, `space` and a CORS step marked `skipped`. */
export type StorageTestResult = Omit<S3TestResultDetails, 'cors'> & {
  cors: S3TestCors | SkippedCors;
  ranges?: StorageTestRanges;
  space?: StorageTestSpace;
};

function errorCode(error: unknown): string | undefined {
  if (isStorageError(error)) return error.providerCode ?? error.code;
  return undefined;
}

function elapsed(start: number): number {
  return Math.round(performance.now() - start);
}

class StepFailure extends Error {}

/**
 * POST /api/s3-configs/{id}/test (contract §5.5): really talks to the storage through its driver —
 * a listing, a write and delete, a CORS pre-flight against a presigned PUT URL sent with the
 * caller's Origin, and the browser upload flow (presign → PUT → HEAD → delete). Local storage has
 * no separate service: reads and writes hit the disk, CORS is the api-server's own policy, and the
 * upload step checks the signed URL the way the local storage route does.
 */
export class StorageTestService {
  constructor(
    private readonly configs: StorageConfigService,
    private readonly signer: LocalUrlSigner,
  ) {}

  async test(adminId: string, configId: string, context: StorageTestContext): Promise<StorageTestOutcome> {
    const row = await this.configs.requireOwned(adminId, configId);
    const driver = this.configs.driverFor(row);
    const notes = storageTestNotes(context.locale);
    const folder = row.default_folder.replace(/^\/+|\/+$/g, '');
    const prefix = folder ? `${folder}/` : '';
    const origin = context.origin || context.urlBase;
    const local = driver.kind === 'local';
    const remote = remoteKind(driver);

    const read = await this.readTest(driver, prefix, notes, local, remote);
    const write = await this.writeTest(driver, row, prefix, notes, local, remote);
    const cors = remote
      ? skippedCors(remote, origin, notes)
      : local
        ? localCors(origin, notes)
        : await corsTest(driver, row, prefix, origin, notes);
    const frontendSim = await this.frontendSimulation(driver, row, prefix, origin, context.urlBase, notes, remote);
    // Not part of `success`: the bytes of an emulated range are right too; the step shows a failure.
    const ranges = remote ? await rangesTest(driver, remote, prefix, notes) : undefined;
    const space = remote ? await spaceTest(driver) : undefined;
    await this.configs.touchLastUsed(row.id);

    const frontendUsable = cors.success && frontendSim.success;
    let messageKey: MessageKey;
    if (!read.success) messageKey = 's3Config.testReadFailed';
    else if (write.success)
      messageKey = frontendUsable ? 's3Config.testPassed' : cors.success ? 's3Config.testUploadSimFailed' : 's3Config.testCorsProblem';
    else messageKey = cors.success ? 's3Config.testReadOnlyCorsOk' : 's3Config.testReadOnlyCorsProblem';

    return {
      success: read.success && frontendUsable,
      messageKey,
      result: {
        read,
        write,
        cors,
        frontendSim,
        connectionInfo: {
          bucket: row.bucket_name,
          endpoint: local ? `${context.urlBase}${LOCAL_STORAGE_ROUTE_PREFIX}/${row.id}` : row.endpoint_url || notes.defaultValue,
          region: row.region || notes.defaultValue,
          pathStyle: row.path_style ? notes.yes : notes.no,
          provider: row.provider_type,
          defaultFolder: row.default_folder,
          customHost: row.custom_host || notes.notConfigured,
          signatureExpiresIn: notes.seconds(row.signature_expires_in || 3600),
        },
        globalNote: notes.globalNote,
        ...(ranges === undefined ? {} : { ranges }),
        ...(space === undefined ? {} : { space }),
      },
    };
  }

  private async readTest(
    driver: StorageDriver,
    prefix: string,
    notes: StorageTestNotes,
    local: boolean,
    remote: RemoteDriverKind | null,
  ): Promise<S3TestRead> {
    const note = remote ? notes.remoteReadNote : local ? notes.localReadNote : notes.readNote;
    try {
      const page = await driver.listObjects({ prefix, maxKeys: 10 });
      // `firstObjects` is always there: empty when the folder holds nothing.
      const firstObjects = page.objects.map((object) => ({
        key: object.key,
        size: formatBytes(object.size),
        lastModified: object.lastModified.toISOString(),
      }));
      return { success: true, error: null, note, objectCount: page.objects.length, prefix: prefix || notes.rootPrefix, firstObjects };
    } catch (error) {
      const text = remote ? remoteErrorText(error, remote, notes) : errorText(error);
      return {
        success: false,
        error: text,
        code: errorCode(error),
        note,
        objectCount: 0,
        prefix: prefix || notes.rootPrefix,
        firstObjects: [],
      };
    }
  }

  private async writeTest(
    driver: StorageDriver,
    row: StorageConfigRow,
    prefix: string,
    notes: StorageTestNotes,
    local: boolean,
    remote: RemoteDriverKind | null,
  ): Promise<S3TestWrite> {
    if (row.provider_type === PROVIDER_B2) {
      return { success: true, error: null, note: notes.writeSkippedNote, uploadTime: 0, testFile: notes.writeSkippedFile, cleaned: true };
    }
    const note = remote ? notes.remoteWriteNote : local ? notes.localWriteNote : notes.writeNote;
    const key = `${prefix}__test_${Date.now()}.txt`;
    const content = `Cloudclip storage test - ${new Date().toISOString()}`;
    const started = performance.now();
    try {
      await driver.putObject(key, content, { contentType: TEST_CONTENT_TYPE, metadata: { 'test-purpose': 'cloudclip-storage-test' } });
    } catch (error) {
      const text = remote ? remoteErrorText(error, remote, notes) : errorText(error);
      return { success: false, error: text, code: errorCode(error), note, uploadTime: 0, testFile: key, cleaned: false };
    }
    const result: S3TestWrite = { success: true, error: null, note, uploadTime: elapsed(started), testFile: key, cleaned: false };
    if (remote) {
      try {
        await readBack(driver, key, content, notes);
      } catch (error) {
        Object.assign(result, { success: false, error: remoteErrorText(error, remote, notes), code: errorCode(error) });
      }
    }
    try {
      await driver.deleteObject(key);
      result.cleaned = true;
    } catch (error) {
      result.cleanupError = errorText(error);
    }
    return result;
  }

  private async frontendSimulation(
    driver: StorageDriver,
    row: StorageConfigRow,
    prefix: string,
    origin: string,
    urlBase: string,
    notes: StorageTestNotes,
    remote: RemoteDriverKind | null,
  ): Promise<S3TestFrontendSim> {
    // Local, WebDAV and SFTP URLs point at the api-server's signed route: checked and written here.
    const servedHere = driver.kind === 'local' || remote !== null;
    const steps = {
      step1: { name: notes.step1Name, success: false, duration: 0 } as S3TestStep,
      // `providerHeaders`: the storage's answer headers of the PUT ({} until it answers, or for a local write).
      step2: { name: notes.step2Name, success: false, duration: 0, providerHeaders: {} } as S3TestStep,
      step3: { name: notes.step3Name, success: false, duration: 0 } as S3TestStep,
    };
    const key = `${prefix}frontend_test_${Date.now()}.txt`;
    const content = `Cloudclip browser upload simulation\ntime: ${new Date().toISOString()}\nprovider: ${row.provider_type}`;
    const expiresIn = row.signature_expires_in || 300;
    let uploaded = false;
    try {
      // Step 1: presign, as POST /api/s3/presign would.
      let started = performance.now();
      let url: string;
      try {
        url = await driver.presignPutUrl(key, { contentType: TEST_CONTENT_TYPE, expiresIn, urlBase });
      } catch (error) {
        Object.assign(steps.step1, { duration: elapsed(started), error: errorText(error), note: notes.step1Failed });
        throw new StepFailure(errorText(error));
      }
      Object.assign(steps.step1, {
        success: true,
        duration: elapsed(started),
        presignedUrl: `${url.slice(0, 80)}...`,
        note: notes.step1Note,
      });

      // Step 2: the browser's PUT.
      started = performance.now();
      try {
        const details = servedHere
          ? await this.localUpload(driver, url, urlBase, content)
          : await this.httpUpload(url, row, origin, content);
        Object.assign(steps.step2, {
          success: true,
          duration: elapsed(started),
          ...details,
          note: remote ? notes.step2RemoteNote : servedHere ? notes.step2LocalNote : notes.step2Note,
        });
        uploaded = true;
      } catch (error) {
        const details = error instanceof UploadRejected ? error.details : {};
        const text = remote ? remoteErrorText(error, remote, notes) : errorText(error);
        Object.assign(steps.step2, { duration: elapsed(started), ...details, error: text, note: notes.step2Failed });
        throw new StepFailure(text);
      }

      // Step 3: is it there?
      started = performance.now();
      try {
        const head = await driver.headObject(key);
        if (!head) throw new Error(notes.step3Missing);
        Object.assign(steps.step3, {
          success: true,
          duration: elapsed(started),
          fileSize: head.size,
          lastModified: head.lastModified.toISOString(),
          contentType: head.contentType,
          note: notes.step3Note,
        });
      } catch (error) {
        Object.assign(steps.step3, { duration: elapsed(started), error: errorText(error), note: notes.step3Failed });
        throw new StepFailure(errorText(error));
      }

      return {
        success: true,
        error: null,
        note: notes.simPassedNote,
        steps,
        totalDuration: steps.step1.duration + steps.step2.duration + steps.step3.duration,
        testFile: key,
      };
    } catch (error) {
      const failedAt = !steps.step1.success ? notes.failedAt[0] : !steps.step2.success ? notes.failedAt[1] : notes.failedAt[2];
      return {
        success: false,
        error: errorText(error),
        note: notes.simFailedNote,
        steps,
        failedAt,
        troubleshooting: notes.uploadGuide[guideFor(row.provider_type)],
      };
    } finally {
      if (uploaded) {
        try {
          await driver.deleteObject(key);
          steps.step3.fileCleaned = true;
        } catch (error) {
          steps.step3.fileCleaned = false;
          steps.step3.cleanupError = errorText(error);
        }
      }
    }
  }

  /** PUT to a presigned bucket URL with the headers a browser sends. */
  private async httpUpload(url: string, row: StorageConfigRow, origin: string, content: string): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = { 'Content-Type': TEST_CONTENT_TYPE, Origin: origin };
    if (row.provider_type === PROVIDER_B2) {
      headers['X-Bz-Content-Sha1'] = 'do_not_verify';
      headers['X-Requested-With'] = 'XMLHttpRequest';
    }
    const started = performance.now();
    const response = await fetch(url, { method: 'PUT', headers, body: content, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
    const seconds = Math.max((performance.now() - started) / 1000, 0.001);
    const providerHeaders = uploadResponseHeaders(response.headers);
    if (!response.ok) {
      const body = (await response.text().catch(() => '')).slice(0, 2000);
      throw new UploadRejected(`HTTP ${response.status}: ${response.statusText}`, {
        statusCode: response.status,
        statusText: response.statusText,
        responseBody: body,
        providerHeaders,
      });
    }
    await response.arrayBuffer().catch(() => undefined);
    const etag = response.headers.get('etag');
    return {
      statusCode: response.status,
      providerHeaders,
      etag: etag ? etag.replace(/"/g, '') : null,
      uploadSpeed: `${(Buffer.byteLength(content) / seconds).toFixed(2)} B/s`,
    };
  }

  /** The local route's work without a network hop: check the signed URL, then write through the driver. */
  private async localUpload(driver: StorageDriver, url: string, urlBase: string, content: string): Promise<Record<string, unknown>> {
    const parsed = new URL(url, urlBase);
    const routePrefix = `${LOCAL_STORAGE_ROUTE_PREFIX}/${encodeURIComponent(driver.configId)}/`;
    if (!parsed.pathname.startsWith(routePrefix)) throw new UploadRejected(`Unexpected upload URL: ${parsed.pathname}`, {});
    const key = decodeURIComponent(parsed.pathname.slice(routePrefix.length));
    const verification = this.signer.verify({
      method: 'PUT',
      configId: driver.configId,
      key,
      query: Object.fromEntries(parsed.searchParams.entries()),
      contentType: TEST_CONTENT_TYPE,
    });
    if (!verification.ok) throw new UploadRejected(`HTTP 403: signature ${verification.reason}`, { statusCode: 403 });
    const { etag } = await driver.putObject(key, content, { contentType: TEST_CONTENT_TYPE });
    // The header the storage route answers such a PUT with (no provider of its own to ask).
    return { statusCode: 200, etag, providerHeaders: etag ? { etag: quoteEtag(etag) } : {} };
  }
}

class UploadRejected extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}
