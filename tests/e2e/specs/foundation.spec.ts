import { expect, test } from '@playwright/test';

test('serves the login page and a healthy API on the embedded database', async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  const body = await health.json();
  expect(body).toMatchObject({ status: 200, data: { database: 'pglite' } });
  expect(body.data.migration_version).toBeGreaterThan(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  expect(await page.title()).toContain('EPOT');
});

test('history fallback serves the SPA and unknown API paths answer JSON 404', async ({ page, request }) => {
  const api = await request.get('/api/nope');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ status: 404, message: expect.any(String) });

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
});

test('the exam clock worker drives a countdown from the server deadline', async ({ page }) => {
  await page.goto('/diagnostics');
  await expect(page.getByTestId('db-kind')).toHaveText('pglite');
  // The page is cross-origin isolated (COOP/COEP), which the WASM face detector relies on.
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);

  const clock = page.getByTestId('clock');
  await expect(clock).toHaveText('--:--:--');
  await page.getByRole('button', { name: 'Mulai uji jam' }).click();
  await expect(clock).toHaveText(/^00:01:(29|30)$/);
  // It counts down second by second: two ticks after the first reading (how soon depends on the machine).
  const secs = (s: string | null) => Number(s?.split(':')[2]) + 60 * Number(s?.split(':')[1]);
  const first = secs(await clock.textContent());
  const mmss = (n: number) => `00:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  await expect(clock).toHaveText(mmss(first - 1));
  await expect(clock).toHaveText(mmss(first - 2));
  // Counting comes from a worker, not the page: a worker script was loaded for the clock.
  const workers = page.workers().map((w) => w.url());
  expect(workers.some((u) => /exam-clock/.test(u))).toBe(true);
});
