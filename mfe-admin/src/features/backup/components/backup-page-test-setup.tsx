/**
 * Test set-up of backup-page.test.tsx: the backup API's answers (runs, overview, restore check), the
 * archive upload through the kernel's FakeXhr (the test file installs it), and the page rendered on a
 * test kernel as an admin.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeXhr } from '@cloudclip/shared-kernel/testing/fake-xhr';
import { fakeFetch, renderWithKernel, testKernel, type FakeResponse } from '../../../test/test-kernel';
import { SERVER_FEATURE_BACKUP, type BackupOverview, type BackupRestoreCheck, type BackupRun } from '@cloudclip/shared-kernel';
import { BackupPage } from './backup-page';

export const OK_RUN: BackupRun = {
  id: 'r1',
  trigger: 'manual',
  startedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: '2026-11-28T10:00:42.000Z',
  status: 'ok',
  size: 3 * 1024 * 1024,
  location: 'Local:cloudclip-backups/cloudclip-backup-20261128-100000.tar.gz',
  error: null,
};

export const FAILED_RUN: BackupRun = {
  ...OK_RUN,
  id: 'r0',
  trigger: 'schedule',
  finishedAt: '2026-11-28T10:02:05.000Z',
  status: 'failed',
  size: null,
  location: null,
  error: 'The storage refused the upload',
};

export function overview(patch: Partial<BackupOverview> = {}): BackupOverview {
  return {
    database: 'sqlite',
    schedule: {
      enabled: false,
      frequency: 'daily',
      hour: 3,
      weekday: 0,
      keep: 7,
      storageConfigId: null,
      folder: 'cloudclip-backups',
      objects: false,
    },
    lastRun: OK_RUN,
    runs: [OK_RUN, FAILED_RUN],
    ...patch,
  };
}

export const envelope = (data: unknown, code = 200, message = 'ok') => ({ body: { code, message, data } });

/** `GET /api/admin/backup` answered with the overview (changed by `patch`). */
export const getOverview = (patch: Partial<BackupOverview> = {}) => ({
  method: 'GET',
  path: '/api/admin/backup',
  reply: envelope(overview(patch)),
});

/**
 * A `method path` handler that keeps the body of every request it gets (`bodies`, oldest first) and
 * answers the `count`-th one with `answer(body, count)`.
 */
export function recordingHandler(method: string, path: string, answer: (body: unknown, count: number) => FakeResponse) {
  const bodies: unknown[] = [];
  const handler = {
    method,
    path,
    reply: (body: unknown) => {
      bodies.push(body);
      return answer(body, bodies.length);
    },
  };
  return { bodies, handler };
}

export const CONFIGS = {
  method: 'GET',
  path: '/api/s3-configs',
  reply: envelope([{ id: 'local-1', name: 'Local', provider_type: 'Local', is_default: 1 }]),
};

export const CHECK: BackupRestoreCheck = {
  checkId: 'check-1',
  manifest: {
    formatVersion: 1,
    schemaVersion: '0014_backup_runs',
    appVersion: '1.4.0',
    createdAt: '2026-11-27T08:00:00.000Z',
    database: 'sqlite',
    rowCounts: { pastes: 5, files: 2 },
    objectCount: 2,
    objectsIncluded: true,
  },
  secretMatches: true,
  schemaMatches: true,
  targetEmpty: false,
};

/** `GET /api/version` of a server that offers the admin backup API (or not, with `features`). */
export const version = (features: string[] = [SERVER_FEATURE_BACKUP]) => ({
  method: 'GET',
  path: '/api/version',
  reply: envelope({ version: '1.0.0', features }),
});

export function renderPage(handlers: Parameters<typeof fakeFetch>[0], language: 'en-US' | 'zh-CN' = 'en-US', features?: string[]) {
  const { fetchImpl, calls } = fakeFetch([version(features), CONFIGS, ...handlers]);
  const kernel = testKernel({ language, fetchImpl });
  kernel.session.loginAdmin('t'.repeat(32));
  renderWithKernel(kernel, <BackupPage />);
  return { calls, kernel };
}

export async function chooseArchive(name = 'cloudclip-backup.tar.gz') {
  const input = (await screen.findByTestId('backup-restore')).querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([new Uint8Array([0x1f, 0x8b, 8, 0])], name, { type: 'application/gzip' });
  fireEvent.change(input, { target: { files: [file] } });
  await waitFor(() => expect(FakeXhr.last).not.toBeNull());
  return FakeXhr.last as FakeXhr;
}
