import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissions, type ActiveStore, type Backup, type BackupStatus } from '@ipos/contracts';
import { toast, ToastViewport } from '../../../components/toast';
import { jsonResponse, problemResponse, stubApi } from '../../../test/api';
import { LEKKI_ID, reportingStore } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { BackupsRoute } from './backups';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  toast.hide();
});

const admin: ActiveStore = { ...reportingStore, permissions: [...permissions] };
const manager: ActiveStore = {
  ...reportingStore,
  permissions: permissions.filter((p) => !p.startsWith('settings.business') && p !== 'businesses.manage'),
};

const backup = (file: string, takenAt: string, reason: Backup['reason'], bytes: number): Backup => ({
  file,
  takenAt,
  reason,
  bytes,
  appVersion: '1.4.0',
  schemaVersion: '0021_register_favourites',
});
const daily = backup('ipos-backup-20261126T020000Z.tar.gz', '2026-11-26T02:00:00.000Z', 'daily', 42_100_000);
const older = backup('ipos-backup-20261125T020000Z.tar.gz', '2026-11-25T02:00:00.000Z', 'shutdown', 41_900_000);
const status = (overrides: Partial<BackupStatus> = {}): BackupStatus => ({
  database: 'pglite',
  enabled: true,
  managedBy: 'owner',
  since: '2026-11-20T08:00:00.000Z',
  busy: false,
  stale: false,
  backups: [daily, older],
  ...overrides,
});

function show() {
  localStorage.setItem('store-id', LEKKI_ID);
  renderRoutes(
    [
      {
        path: '/dashboard/settings/backups',
        element: (
          <>
            <BackupsRoute />
            <ToastViewport />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/settings/backups'] },
  );
  return userEvent.setup();
}

describe('Settings › Backups', () => {
  it('shows the newest backup’s time, size and reason, and the kept ones each with Download', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => jsonResponse(status()),
    });
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Backups' })).toBeInTheDocument();
    const newest = await screen.findByTestId('newest-backup');
    // The store's clock (Africa/Lagos, UTC+1), in the app's one format.
    expect(newest).toHaveTextContent('Newest backup26 Nov 2026, 03:00');
    expect(newest).toHaveTextContent('Size42.1 MB');
    expect(newest).toHaveTextContent('WhyDaily');
    const table = screen.getByRole('table', { name: 'Kept backups' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('25 Nov 2026, 03:00');
    expect(
      within(table).getByRole('button', { name: 'Download the backup of 25 Nov 2026, 03:00' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
    expect(screen.queryByText('Backups are late')).not.toBeInTheDocument();
  });

  it('backs up now: busy while it runs, a toast when done, and the new backup first in the list', async () => {
    const taken = backup('ipos-backup-20261127T090000Z.tar.gz', '2026-11-27T09:00:00.000Z', 'manual', 43_000_000);
    let answer: (r: Response) => void = () => undefined;
    let posted = false;
    // The POST answers when the test says so, to see the busy state; the status then lists the new one.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const key = `${init?.method ?? 'GET'} ${url}`;
        if (key === 'POST /api/v1/admin/backups') {
          posted = true;
          return new Promise<Response>((resolve) => (answer = resolve));
        }
        if (key === 'GET /api/v1/stores/current') return jsonResponse(admin);
        if (key === 'GET /api/v1/admin/backups')
          return jsonResponse(status(posted ? { backups: [taken, daily, older] } : {}));
        throw new Error(`unexpected ${key}`);
      }),
    );
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Back up now' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back up now' })).toHaveAttribute('data-loading'));
    answer(jsonResponse(taken, 201));
    expect(await screen.findByText('Backup taken: 27 Nov 2026, 10:00, 43.0 MB.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('newest-backup')).toHaveTextContent('Newest backup27 Nov 2026, 10:00'),
    );
    expect(screen.getByTestId('newest-backup')).toHaveTextContent('WhyTaken by hand');
  });

  it('shows why a backup was not taken beside the button', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => jsonResponse(status()),
      'POST /api/v1/admin/backups': () => problemResponse(429, 'BACKUP_IN_PROGRESS', 'A backup is being taken now'),
    });
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Back up now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The backup was not taken');
    expect(alert).toHaveTextContent('A backup is being taken now; try again when it is done');
  });

  it('downloads a backup as its two files, the data then its manifest, under the names restore reads', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:backup', revokeObjectURL: () => undefined }),
    );
    const calls = stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => jsonResponse(status()),
      [`GET /api/v1/admin/backups/download?file=${older.file}`]: () =>
        new Response('data', { headers: { 'content-type': 'application/gzip' } }),
      [`GET /api/v1/admin/backups/manifest?file=${older.file}`]: () => jsonResponse({ file: older.file }),
    });
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Download the backup of 25 Nov 2026, 03:00' }));
    await waitFor(() => expect(saved).toEqual([older.file, 'ipos-backup-20261125T020000Z.json']));
    expect(calls.map((c) => c.key).filter((k) => k.includes('download') || k.includes('manifest'))).toHaveLength(2);
  });

  it('warns when the newest backup is late', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => jsonResponse(status({ stale: true })),
    });
    show();
    expect(await screen.findByText('Backups are late')).toBeInTheDocument();
    expect(screen.getByText(/more than 48 hours old/)).toBeInTheDocument();
  });

  it('says none has been taken yet, with the list’s empty state', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => jsonResponse(status({ backups: [] })),
    });
    show();
    expect(await screen.findByText('No backup has been taken yet.')).toBeInTheDocument();
    expect(screen.getByText(/None yet: the first is taken a minute after iPos starts/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeInTheDocument();
  });

  it('on an installation shared with other owners, says who backs up instead of the buttons', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => jsonResponse(status({ managedBy: 'operator' })),
    });
    show();
    expect(await screen.findByTestId('backups-who')).toHaveTextContent(
      'This installation also holds businesses of other owners, and a backup holds all of them: whoever runs the installation takes and keeps the backups.',
    );
    expect(screen.getByRole('table', { name: 'Kept backups' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back up now|Download/ })).not.toBeInTheDocument();
  });

  it('on PostgreSQL, says PostgreSQL’s own tools back it up, with no list or buttons', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () =>
        jsonResponse(status({ database: 'postgres', enabled: false, managedBy: 'operator', since: null, backups: [] })),
    });
    show();
    expect(await screen.findByTestId('backups-who')).toHaveTextContent(/PostgreSQL’s own tools \(pg_dump/);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the read’s failure with a retry', async () => {
    stubApi({
      'GET /api/v1/stores/current': () => jsonResponse(admin),
      'GET /api/v1/admin/backups': () => problemResponse(500, 'INTERNAL'),
    });
    show();
    expect(await screen.findByText('The backups could not be read')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try again|Retry/ })).toBeInTheDocument();
  });

  it('is not for a role without the business’s settings', async () => {
    const calls = stubApi({ 'GET /api/v1/stores/current': () => jsonResponse(manager) });
    show();
    expect(await screen.findByText(/access/i)).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/admin/backups'))).toBe(false);
  });
});
