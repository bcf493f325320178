import { formatBytes, type S3ConfigTestResult, type S3TestResultDetails } from '@cloudclip/shared-kernel';

/** One line of the test report. */
export interface TestStep {
  id: string;
  /** i18n key (namespace `admin`) of the step's name. */
  labelKey: string;
  /** The server's own name of a simulation step, when it gave one. */
  name?: string;
  success: boolean;
  /** The step does not apply to this storage (CORS and the browser upload of WebDAV/SFTP): neither passed nor failed. */
  skipped?: boolean;
  /** The server's explanation (already in the user's language). */
  detail: string;
  /** Extra figures: duration, object count… */
  facts: Array<{ key: string; value: string | number }>;
}

export interface TestReport {
  success: boolean;
  steps: TestStep[];
  /** Set when the server could not run the test at all. */
  error?: string;
  connection?: S3TestResultDetails['connectionInfo'];
  note?: string;
}

function hasDetails(result: S3ConfigTestResult['result']): result is S3TestResultDetails {
  return !!result && typeof result === 'object' && 'read' in result;
}

function detail(note: string | undefined, error: string | null | undefined): string {
  return [error, note].filter((part): part is string => !!part && part.trim() !== '').join(' — ');
}

/** A step that passed or failed (`part.success`), with the server's error and note as its detail. */
function checkedStep(
  id: string,
  labelKey: string,
  part: { success?: boolean; note?: string; error?: string | null },
  facts: TestStep['facts'] = [],
): TestStep {
  return { id, labelKey, success: !!part.success, detail: detail(part.note, part.error), facts };
}

/** A step that does not apply to this storage (WebDAV, SFTP), with the server's note. */
function skippedStep(id: string, labelKey: string, note: string | undefined): TestStep {
  return { id, labelKey, success: true, skipped: true, detail: note ?? '', facts: [] };
}

/** Flattens the test result of `POST /s3-configs/{id}/test` into the steps shown to the admin. */
export function testReport(result: S3ConfigTestResult): TestReport {
  if (!hasDetails(result.result)) {
    const error = (result.result as { error?: string } | undefined)?.error ?? '';
    return { success: false, steps: [], error };
  }
  const { read, write, cors, frontendSim, ranges, space, connectionInfo, globalNote } = result.result;
  const steps: TestStep[] = [];
  if (read) steps.push(checkedStep('read', 'storage.stepRead', read, [{ key: 'storage.factObjects', value: read.objectCount ?? 0 }]));
  if (write) {
    const facts = typeof write.uploadTime === 'number' ? [{ key: 'storage.factDuration', value: write.uploadTime }] : [];
    steps.push(checkedStep('write', 'storage.stepWrite', write, facts));
  }
  if (ranges) {
    steps.push({
      id: 'ranges',
      labelKey: 'storage.stepRanges',
      success: !!ranges.success,
      detail: ranges.error ?? '',
      facts: ranges.success
        ? [{ key: ranges.mode === 'emulated' ? 'storage.rangesEmulated' : 'storage.rangesNative', value: ranges.mode }]
        : [],
    });
  }
  if (space) {
    // Informational: what the server says about its space; the config's quota field stays the limit.
    const facts: TestStep['facts'] = [];
    if (space.freeBytes !== null) facts.push({ key: 'storage.factSpaceFree', value: formatBytes(space.freeBytes) });
    if (space.totalBytes !== null) facts.push({ key: 'storage.factSpaceTotal', value: formatBytes(space.totalBytes) });
    if (space.usedBytes !== null) facts.push({ key: 'storage.factSpaceUsed', value: formatBytes(space.usedBytes) });
    if (!space.reported && space.error === null) facts.push({ key: 'storage.factSpaceNotReported', value: '' });
    steps.push({ id: 'space', labelKey: 'storage.stepSpace', success: space.error === null, detail: space.error ?? '', facts });
  }
  if (cors?.skipped) {
    steps.push(skippedStep('cors', 'storage.stepCors', cors.note));
  } else if (cors) {
    const note = [cors.note, cors.warning].filter(Boolean).join(' ');
    const facts = cors.allowOrigin ? [{ key: 'storage.factAllowOrigin', value: cors.allowOrigin }] : [];
    steps.push(checkedStep('cors', 'storage.stepCors', { success: cors.success, note, error: cors.error }, facts));
  }
  if (frontendSim?.skipped) {
    steps.push(skippedStep('upload', 'storage.stepUpload', frontendSim.note));
  } else if (frontendSim) {
    const entries = Object.entries(frontendSim.steps ?? {}) as Array<
      [string, { name?: string; success?: boolean; note?: string; duration?: number; error?: string }]
    >;
    for (const [key, step] of entries) {
      if (!step) continue;
      const facts = typeof step.duration === 'number' ? [{ key: 'storage.factDuration', value: step.duration }] : [];
      steps.push({ ...checkedStep(`upload-${key}`, 'storage.stepUpload', step, facts), name: step.name });
    }
    if (entries.length === 0) {
      steps.push(checkedStep('upload', 'storage.stepUpload', frontendSim));
    }
  }
  return { success: !!result.success, steps, connection: connectionInfo, note: globalNote };
}
