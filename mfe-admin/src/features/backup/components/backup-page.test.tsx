import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BackupRun } from '@cloudclip/shared-kernel';
import { FakeXhr, installFakeXhr } from '@cloudclip/shared-kernel/testing/fake-xhr';
import { CHECK, chooseArchive, envelope, getOverview, OK_RUN, overview, recordingHandler, renderPage } from './backup-page-test-setup';

// The whole page (four antd cards) renders slowly in jsdom on a shared 2-core machine.
jest.setTimeout(120_000);
installFakeXhr();
afterEach(() => jest.restoreAllMocks());

describe('BackupPage', () => {
  it('waits for the server features with the usual loading, then shows the cards of a server that offers backups', async () => {
    const { calls } = renderPage([getOverview()]);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-download')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('/api/admin/backup'))).toEqual([]);
    expect(await screen.findByTestId('backup-overview')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-not-offered')).not.toBeInTheDocument();
  });

  it.each([
    ['en-US', 'This server does not offer backups from the admin panel. Use `pnpm backup` on the server.'],
    ['zh-CN', '此服务器不提供在管理面板中备份。请在服务器上使用 `pnpm backup`。'],
  ] as const)(
    'against a server without the backup feature shows one notice (%s), no cards and makes no backup call',
    async (language, text) => {
      const { calls } = renderPage([getOverview()], language, ['search']);
      expect(await screen.findByTestId('backup-not-offered')).toHaveTextContent(text);
      for (const card of ['backup-overview', 'backup-download', 'backup-restore', 'backup-schedule']) {
        expect(screen.queryByTestId(card)).not.toBeInTheDocument();
      }
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(calls.filter((call) => call.url.includes('/api/admin/backup'))).toEqual([]);
    },
  );

  it('shows the database and the last run: time, human-readable size, result and location; the recent runs with errors', async () => {
    renderPage([getOverview()]);
    const card = await screen.findByTestId('backup-overview');
    expect(within(card).getByTestId('backup-database')).toHaveTextContent('SQLite');
    expect(within(card).getByTestId('last-run-size')).toHaveTextContent('3 MB');
    expect(within(card).getByTestId('run-status')).toHaveTextContent('OK');
    expect(within(card).getByText('Local:cloudclip-backups/cloudclip-backup-20261128-100000.tar.gz')).toBeInTheDocument();
    expect(within(card).getByTestId('last-run-time')).not.toBeEmptyDOMElement();
    const runs = screen.getByTestId('backup-runs');
    expect(within(runs).getByText('The last 10 runs only.')).toBeInTheDocument();
    expect(within(runs).getByText('The storage refused the upload')).toBeInTheDocument();
    expect(within(runs).getByText('42 s')).toBeInTheDocument();
    expect(within(runs).getByText('2 min 5 s')).toBeInTheDocument();
    expect(
      within(runs)
        .getAllByTestId('run-status')
        .map((tag) => tag.textContent),
    ).toEqual(['OK', 'Failed']);
  });

  it('says so when no backup has run yet', async () => {
    renderPage([getOverview({ lastRun: null, runs: [] })]);
    expect(await screen.findByTestId('last-run-none')).toHaveTextContent('No backup has run yet');
  });

  it('downloads: asks for a token (with the local files when ticked) and sends the browser to its address', async () => {
    const visited: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      visited.push(this.href);
    });
    const { calls } = renderPage([
      getOverview(),
      {
        method: 'POST',
        path: '/api/admin/backup/download-token',
        reply: envelope({ url: '/api/admin/backup/archive?token=abc123', expiresAt: '2026-11-28T10:05:00.000Z' }),
      },
    ]);
    const card = await screen.findByTestId('backup-download');
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Include the files of local storage' }));
    fireEvent.click(within(card).getByRole('button', { name: /Download backup/ }));
    await waitFor(() => expect(visited).toEqual(['http://127.0.0.1:8080/api/admin/backup/archive?token=abc123']));
    expect(calls.find((call) => call.url.endsWith('/download-token'))?.body).toEqual({ objects: true });
  });

  it("shows a failed download token's message and keeps the page", async () => {
    renderPage([
      getOverview(),
      {
        method: 'POST',
        path: '/api/admin/backup/download-token',
        reply: { status: 500, body: { code: 500, message: 'Disk unavailable' } },
      },
    ]);
    fireEvent.click(within(await screen.findByTestId('backup-download')).getByRole('button', { name: /Download backup/ }));
    expect(await screen.findByTestId('download-error')).toHaveTextContent('Disk unavailable');
    expect(screen.getByTestId('backup-overview')).toBeInTheDocument();
  });

  it('restores: upload with progress → what the archive holds → merge confirmed with the counts → result with conflicts', async () => {
    const restore = recordingHandler('POST', '/api/admin/backup/restore', () =>
      envelope({
        inserted: { pastes: 1, files: 0 },
        conflicts: [
          { table: 'pastes', id: 'p-1' },
          { table: 'files', id: 'f-1' },
        ],
        objects: { restored: 0, conflicts: ['local-1/a.txt'] },
      }),
    );
    renderPage([getOverview(), restore.handler]);
    await screen.findByTestId('backup-overview');
    const xhr = await chooseArchive();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://127.0.0.1:8080/api/admin/backup/restore/check');
    expect(xhr.headers['Content-Type']).toBe('application/gzip');
    expect(xhr.headers.Authorization).toBe(`Bearer ${'t'.repeat(32)}`);
    xhr.progress(50, 100);
    expect(screen.getByTestId('restore-uploading')).toHaveTextContent('Uploading and checking cloudclip-backup.tar.gz');
    expect(within(screen.getByTestId('restore-uploading')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    xhr.respond(200, { code: 200, message: 'ok', data: CHECK });

    const preview = await screen.findByTestId('restore-preview');
    expect(preview).toHaveTextContent('1.4.0');
    expect(preview).toHaveTextContent('2 files');
    const counts = within(screen.getByTestId('restore-row-counts'));
    expect(counts.getByRole('row', { name: 'pastes 5' })).toBeInTheDocument();
    expect(counts.getByRole('row', { name: 'files 2' })).toBeInTheDocument();
    // Not empty: replace is not offered, and the page says why.
    expect(within(preview).getByRole('radio', { name: /Replace \(the instance must be empty\)/ })).toBeDisabled();
    expect(within(preview).getByRole('radio', { name: /Merge: add what is missing, keep existing rows/ })).toBeChecked();
    expect(screen.getByTestId('restore-not-empty')).toHaveTextContent('This instance already holds data');

    fireEvent.click(screen.getByTestId('restore-start'));
    expect(await screen.findByTestId('restore-confirm-body')).toHaveTextContent(
      "What is missing of the backup's 7 rows (2 tables) is added; existing data stays as it is.",
    );
    expect(screen.getByTestId('restore-confirm-body')).toHaveTextContent('2 local files are restored too.');
    expect(restore.bodies).toEqual([]);
    fireEvent.click(screen.getByTestId('confirm-ok'));

    const result = await screen.findByTestId('restore-result');
    expect(restore.bodies).toEqual([{ checkId: 'check-1', merge: true }]);
    expect(within(screen.getByTestId('restore-inserted')).getByRole('row', { name: 'pastes 1' })).toBeInTheDocument();
    expect(screen.getByTestId('restore-conflicts')).toHaveTextContent('Conflicts (already there, not overwritten): 2');
    expect(result).toHaveTextContent('pastes: p-1');
    expect(result).toHaveTextContent('Files already there, not overwritten: 1');
    expect(screen.getByTestId('restore-sign-in-again')).toHaveTextContent('sign in again');
  });

  it("replaces an empty instance only with the old APP_SECRET when the backup's differs, shows the server's refusal, and keeps the result on screen after the replace", async () => {
    const restore = recordingHandler('POST', '/api/admin/backup/restore', (_body, count) =>
      count === 1
        ? { status: 400, body: { code: 400, message: 'Wrong secret: give the APP_SECRET the backup was made with' } }
        : envelope({ inserted: { pastes: 5, files: 2 }, conflicts: [], objects: { restored: 2, conflicts: [] } }),
    );
    const { calls } = renderPage([getOverview(), restore.handler]);
    await screen.findByTestId('backup-overview');
    (await chooseArchive()).respond(200, { code: 200, message: 'ok', data: { ...CHECK, secretMatches: false, targetEmpty: true } });
    const replace = within(await screen.findByTestId('restore-preview')).getByRole('radio', {
      name: /Replace \(the instance must be empty\)/,
    });
    expect(replace).toBeEnabled();
    expect(replace).toBeChecked();
    fireEvent.click(screen.getByTestId('restore-start'));
    expect(await screen.findByText('Please enter the APP_SECRET the backup was made with')).toBeInTheDocument();
    fireEvent.change(within(screen.getByTestId('restore-preview')).getByLabelText('APP_SECRET the backup was made with'), {
      target: { value: 'old-secret' },
    });
    fireEvent.click(screen.getByTestId('restore-start'));
    expect(await screen.findByTestId('restore-confirm-body')).toHaveTextContent(
      "The instance's initial data is replaced with the backup's 7 rows",
    );
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('restore-error')).toHaveTextContent('Wrong secret: give the APP_SECRET the backup was made with');
    expect(restore.bodies).toEqual([{ checkId: 'check-1', merge: false, secret: 'old-secret' }]);
    // The preview is still there to try again.
    expect(screen.getByTestId('restore-preview')).toBeInTheDocument();
    const overviewGets = () => calls.filter((call) => call.method === 'GET' && call.url.endsWith('/api/admin/backup')).length;
    const before = overviewGets();
    fireEvent.click(screen.getByTestId('restore-start'));
    await screen.findByTestId('restore-confirm-body');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByTestId('restore-conflicts')).toHaveTextContent('No conflicts');
    expect(screen.getByTestId('restore-objects')).toHaveTextContent('Files restored: 2');
    expect(screen.getByTestId('restore-sign-in-again')).toBeInTheDocument();
    // The replaced instance may no longer know this session: the page does not ask the server again by itself.
    expect(overviewGets()).toBe(before);
  });

  it('explains a schema mismatch and offers no restore', async () => {
    renderPage([getOverview()]);
    await screen.findByTestId('backup-overview');
    (await chooseArchive()).respond(200, { code: 200, message: 'ok', data: { ...CHECK, schemaMatches: false } });
    expect(await screen.findByTestId('restore-schema-mismatch')).toHaveTextContent('This backup cannot be restored');
    expect(screen.queryByTestId('restore-start')).not.toBeInTheDocument();
  });

  it("cancels the upload, and shows a refused archive's message", async () => {
    renderPage([getOverview()]);
    await screen.findByTestId('backup-overview');
    const first = await chooseArchive();
    fireEvent.click(screen.getByTestId('restore-cancel'));
    expect(first.aborted).toBe(true);
    await waitFor(() => expect(screen.getByTestId('backup-restore')).toHaveAttribute('data-step', 'idle'));
    expect(screen.queryByTestId('restore-error')).not.toBeInTheDocument();

    FakeXhr.last = null;
    (await chooseArchive('broken.tar.gz')).respond(400, { code: 400, message: 'The archive is truncated' });
    expect(await screen.findByTestId('restore-error')).toHaveTextContent('The archive is truncated');
  });

  it('checks the schedule before saving, saves it with PUT, and shows a refusal of the server', async () => {
    const schedule = recordingHandler('PUT', '/api/admin/backup/schedule', (body, count) =>
      count === 1 ? envelope(body) : { status: 400, body: { code: 400, message: 'Unknown storage configuration' } },
    );
    renderPage([getOverview(), schedule.handler]);
    const card = within(await screen.findByTestId('backup-schedule'));
    const keep = card.getByLabelText('Keep the last');
    fireEvent.change(keep, { target: { value: '0' } });
    fireEvent.click(card.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Keep must be a whole number from 1 to 90')).toBeInTheDocument();
    fireEvent.click(card.getByRole('switch', { name: 'Scheduled backups' }));
    expect(await screen.findByText('Choose a storage configuration to enable scheduled backups')).toBeInTheDocument();
    expect(schedule.bodies).toEqual([]);

    fireEvent.change(keep, { target: { value: '3' } });
    fireEvent.click(card.getByRole('radio', { name: 'Weekly' }));
    fireEvent.mouseDown(card.getByRole('combobox', { name: 'Storage configuration' }));
    fireEvent.click(await screen.findByText('Local (Default)'));
    fireEvent.click(card.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(schedule.bodies).toHaveLength(1));
    expect(schedule.bodies[0]).toEqual({
      enabled: true,
      frequency: 'weekly',
      hour: 3,
      weekday: 0,
      keep: 3,
      storageConfigId: 'local-1',
      folder: 'cloudclip-backups',
      objects: false,
    });
    expect(await screen.findByText('Backup schedule saved')).toBeInTheDocument();
    expect(card.getByRole('combobox', { name: 'Weekday' })).toBeInTheDocument();

    fireEvent.click(card.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Unknown storage configuration')).toBeInTheDocument();
  });

  it('says a backup is already running when Run now answers 409', async () => {
    renderPage([
      getOverview(),
      { method: 'POST', path: '/api/admin/backup/run', reply: { status: 409, body: { code: 409, message: 'busy' } } },
    ]);
    fireEvent.click(within(await screen.findByTestId('backup-schedule')).getByRole('button', { name: /Run now/ }));
    expect(await screen.findByText('A backup is already running')).toBeInTheDocument();
  });

  it('asks again every few seconds while a run is going, and stops once it is done', async () => {
    jest.useFakeTimers();
    try {
      let gets = 0;
      const running: BackupRun = { ...OK_RUN, id: 'r2', status: 'running', finishedAt: null, size: null, location: null };
      renderPage([
        {
          method: 'GET',
          path: '/api/admin/backup',
          reply: () => {
            gets += 1;
            return envelope(gets < 3 ? overview({ lastRun: running, runs: [running, OK_RUN] }) : overview());
          },
        },
      ]);
      expect(await screen.findByText('A backup is running; this page refreshes by itself.')).toBeInTheDocument();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3000);
      });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3000);
      });
      await waitFor(() => expect(screen.queryByText('A backup is running; this page refreshes by itself.')).not.toBeInTheDocument());
      expect(gets).toBe(3);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(10_000);
      });
      expect(gets).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('speaks Chinese', async () => {
    renderPage([getOverview()], 'zh-CN');
    expect(await screen.findByTestId('backup-overview')).toHaveTextContent('成功');
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      '概况',
      '立即下载备份',
      '从备份恢复',
      '定时备份',
      '最近的备份',
    ]);
    expect(within(screen.getByTestId('backup-download')).getByRole('checkbox', { name: '包含本地存储中的文件' })).toBeInTheDocument();
    expect(within(screen.getByTestId('backup-schedule')).getByRole('button', { name: /立即备份/ })).toBeInTheDocument();
    expect(screen.getByTestId('backup-runs')).toHaveTextContent('只显示最近 10 次。');
  });
});
