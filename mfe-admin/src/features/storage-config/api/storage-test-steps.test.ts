import { testReport } from './storage-test-steps';

/** The steps of an SFTP report that every case here shares: read and write passed. */
const SFTP_REPORT_BASE = {
  read: { success: true, error: null, note: '', objectCount: 0, prefix: '' },
  write: { success: true, error: null, note: '', uploadTime: 1, testFile: 't', cleaned: true },
  connectionInfo: {
    bucket: '',
    endpoint: 'sftp://h:22',
    region: '',
    pathStyle: '',
    provider: 'SFTP',
    defaultFolder: '',
    customHost: '',
    signatureExpiresIn: '3600',
  },
  globalNote: '',
};

describe('testReport', () => {
  it('lists read, write, CORS and every upload-simulation step', () => {
    const report = testReport({
      success: false,
      result: {
        read: { success: true, error: null, note: 'listed', objectCount: 3, prefix: '' },
        write: { success: true, error: null, note: 'wrote', uploadTime: 12, testFile: 't', cleaned: true },
        cors: {
          success: false,
          error: 'no CORS',
          note: 'preflight',
          allowOrigin: null,
          allowMethods: null,
          allowHeaders: null,
          maxAge: null,
          statusCode: 403,
          detail: '',
          uploadSupported: false,
        },
        frontendSim: {
          success: false,
          note: 'sim',
          steps: {
            step1: { name: 'presign', success: true, duration: 3, note: 'ok' },
            step2: { name: 'put', success: false, duration: 5, note: 'blocked' },
            step3: { name: 'head', success: false, duration: 0, note: 'skipped' },
          },
        },
        connectionInfo: {
          bucket: 'b',
          endpoint: 'e',
          region: 'r',
          pathStyle: 'yes',
          provider: 'Other',
          defaultFolder: '',
          customHost: '',
          signatureExpiresIn: '3600',
        },
        globalNote: 'note',
      },
    });
    expect(report.success).toBe(false);
    expect(report.steps.map((step) => [step.id, step.success])).toEqual([
      ['read', true],
      ['write', true],
      ['cors', false],
      ['upload-step1', true],
      ['upload-step2', false],
      ['upload-step3', false],
    ]);
    expect(report.steps[2]?.detail).toBe('no CORS — preflight');
    expect(report.steps[0]?.facts).toEqual([{ key: 'storage.factObjects', value: 3 }]);
  });

  it('reports a test that could not run', () => {
    expect(testReport({ success: false, result: { error: 'boom' } })).toEqual({ success: false, steps: [], error: 'boom' });
  });

  it('shows the byte-range step of WebDAV/SFTP and marks CORS and the browser upload as not applicable', () => {
    const skipped = { success: true, skipped: true, note: 'served by the api-server' };
    const result = (mode: 'native' | 'emulated', success = true) =>
      testReport({
        success,
        result: {
          ...SFTP_REPORT_BASE,
          ranges: { success, mode, error: success ? null : 'got 100 bytes, expected 20' },
          cors: {
            ...skipped,
            allowOrigin: null,
            allowMethods: null,
            allowHeaders: null,
            maxAge: null,
            statusCode: null,
            detail: null,
            uploadSupported: true,
          },
          frontendSim: { ...skipped, steps: {} as never },
        },
      });
    const emulated = result('emulated');
    expect(emulated.steps.map((step) => [step.id, step.success, step.skipped ?? false])).toEqual([
      ['read', true, false],
      ['write', true, false],
      ['ranges', true, false],
      ['cors', true, true],
      ['upload', true, true],
    ]);
    expect(emulated.steps[2]?.facts).toEqual([{ key: 'storage.rangesEmulated', value: 'emulated' }]);
    expect(result('native').steps[2]?.facts).toEqual([{ key: 'storage.rangesNative', value: 'native' }]);
    const failed = result('native', false).steps[2];
    expect(failed).toMatchObject({ success: false, detail: 'got 100 bytes, expected 20', facts: [] });
  });

  it('shows the space the server reports, or says that it reports none', () => {
    const step = (space: {
      reported: boolean;
      totalBytes: number | null;
      freeBytes: number | null;
      usedBytes: number | null;
      error: string | null;
    }) => testReport({ success: true, result: { ...SFTP_REPORT_BASE, space } as never }).steps.find((entry) => entry.id === 'space');
    expect(step({ reported: true, totalBytes: 2 * 1024 ** 3, freeBytes: 1024 ** 3, usedBytes: 1024 ** 3, error: null })).toMatchObject({
      success: true,
      facts: [
        { key: 'storage.factSpaceFree', value: '1 GB' },
        { key: 'storage.factSpaceTotal', value: '2 GB' },
        { key: 'storage.factSpaceUsed', value: '1 GB' },
      ],
    });
    expect(step({ reported: false, totalBytes: null, freeBytes: null, usedBytes: null, error: null })?.facts).toEqual([
      { key: 'storage.factSpaceNotReported', value: '' },
    ]);
    expect(step({ reported: false, totalBytes: null, freeBytes: null, usedBytes: null, error: 'statvfs failed' })).toMatchObject({
      success: false,
      detail: 'statvfs failed',
      facts: [],
    });
  });
});
