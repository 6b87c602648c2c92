import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { BackupsOverview } from '../../src/common/backups';
import { adminSession, atEveryLook, e2eDatabase, expectAccessible } from './fixtures';

/*
 * The tutor's Backups page on the real server (the built app on its embedded PostgreSQL): 'Back Up
 * Now' queues a backup, the app's job runner takes it while the app keeps serving, and the page
 * shows when it has finished; a failed backup warns on the admin home.
 */
const shots = process.env.SHOTS_DIR;
// One after the other: the second adds a failed run, which would be the first's newest.
test.describe.configure({ mode: 'serial' });

async function shoot(page: import('@playwright/test').Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (shots) await fs.copyFile(path, `${shots}/${name}.png`);
}

test("'Back Up Now' makes a backup of the running app, and the page shows it finished", async ({ page, context }) => {
  await adminSession(context);
  await page.goto('/admin/dashboard');
  // The tools' link: while no backup has been made yet, the warning on the admin home links there too.
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('link', { name: 'Backups', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByText(/Every night at \d\d:00 UTC\./)).toBeVisible();

  await page.getByRole('button', { name: 'Back Up Now' }).click();
  const latest = page.getByRole('list', { name: 'Latest backups' }).getByRole('listitem').first();
  await expect(latest.getByText('Succeeded')).toBeVisible({ timeout: 60_000 });
  await expect(latest.getByText(/^backup-\d{8}-\d{6}Z\.tar\.gz$/)).toBeVisible();
  await expect(latest.getByText(/\d+(\.\d)? (KB|MB)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back Up Now' })).toBeEnabled();

  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `backups page at ${width} ${theme}`);
    await shoot(page, `backups-${width}-${theme}`);
  });

  // Back on the admin home: when the last good backup was made, and the way to this page.
  await page.goto('/admin/dashboard');
  await expect(page.getByText(/Last backup .* \(\d+(\.\d)? (KB|MB)\)\./)).toBeVisible();
});

test('a failed backup warns on the admin home and shows its cause on the Backups page', async ({ page, context }) => {
  const db = await e2eDatabase();
  const error = 'There is no space left on the disk that holds the backup folder /srv/backups: free some space.';
  let id: string | undefined;
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into backup_runs (trigger, requested_at, started_at, finished_at, error)
       values ('scheduled', now() + interval '1 hour', now() + interval '1 hour', now() + interval '1 hour', $1) returning id`,
      [error],
    );
    id = rows[0]!.id;
    await adminSession(context);
    await page.goto('/admin/dashboard');
    const warning = page.getByRole('status').filter({ hasText: 'The last backup failed.' });
    await expect(warning).toBeVisible();
    await atEveryLook(page, async ({ width, theme }) => {
      await expectAccessible(page, `admin home with a backup warning at ${width} ${theme}`);
      await shoot(page, `admin-home-warning-${width}-${theme}`);
    });
    await warning.getByRole('link', { name: 'Backups' }).click();
    await expect(page.getByRole('list', { name: 'Latest backups' }).getByText(error)).toBeVisible();
    await atEveryLook(page, async ({ width, theme }) => {
      await expectAccessible(page, `backups page with a failure at ${width} ${theme}`);
      await shoot(page, `backups-failed-${width}-${theme}`);
    });
  } finally {
    if (id) await db.query('delete from backup_runs where id = $1', [id]);
    await db.end();
  }
});

test('with a backup bucket, the page names the bucket and where each backup went', async ({ page, context }) => {
  await adminSession(context);
  // The e2e server keeps its backups in a folder; the page's answer is given as a server with BACKUP_BUCKET set gives it.
  const at = new Date(Date.now() - 3600_000).toISOString();
  const overview: BackupsOverview = {
    schedule: { on: true, hourUtc: 3, keep: 7 },
    folder: '/srv/tutor/backups',
    bucket: { name: 'school-backups', prefix: 'backups/', endpoint: 'https://s3.example.org' },
    runs: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        trigger: 'scheduled',
        status: 'succeeded',
        requestedAt: at,
        startedAt: at,
        finishedAt: at,
        file: 'backup-20261127-030000Z.tar.gz',
        location: 's3://school-backups/backups/backup-20261127-030000Z.tar.gz',
        sizeBytes: 123_800_000,
        error: null,
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        trigger: 'scheduled',
        status: 'failed',
        requestedAt: at,
        startedAt: at,
        finishedAt: at,
        file: null,
        location: null,
        sizeBytes: null,
        error: 'Interrupted: the app stopped during the backup.',
      },
    ],
    warning: null,
  };
  await page.route('**/api/admin/backups', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: overview }) : route.continue(),
  );
  await page.goto('/admin/backups');
  await expect(page.getByText('s3://school-backups/backups/', { exact: true })).toBeVisible();
  const runs = page.getByRole('list', { name: 'Latest backups' });
  await expect(runs.getByText('backup-20261127-030000Z.tar.gz')).toBeVisible();
  await expect(runs.getByText('In the bucket')).toBeVisible();
  await expect(runs.getByText('Interrupted: the app stopped during the backup.')).toBeVisible();
  await atEveryLook(page, async ({ width, theme }) => {
    await expectAccessible(page, `backups page with a bucket at ${width} ${theme}`);
    await shoot(page, `backups-bucket-${width}-${theme}`);
  });
});
