// Insights in the console (issue 31), on the prepared cohorts (tests/e2e/support/prepare-data.ts):
// an institution admin opens the dashboard for their cohort and sees every chart with its table
// (the numbers add up to the cohort) and the comparison with all EPOT candidates; the second
// institution's admin sees only their own 8 candidates and the comparison hidden below 20; the
// operator's item analysis of the exam flags exactly the items made bad on purpose; a chart's CSV
// export holds the numbers of its table.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { staffLoginUi } from '../support/staff.ts';
import { testData } from '../support/test-data.ts';

test.use({ viewport: { width: 1366, height: 768 } });

const data = testData();
const SCREENSHOTS = process.env.EPOT_DOC_SCREENSHOTS ? 'docs/screenshots' : null;

const chart = (page: Page, file: string) => page.locator(`figure[data-chart="${file}"]`);
const tableSum = async (page: Page, file: string) => {
  const counts = await chart(page, file).locator('tbody tr td:nth-child(2)').allInnerTexts();
  return counts.map((c) => Number(c.replace(/\D/g, ''))).reduce((a, b) => a + b, 0);
};

test('an institution admin sees their cohort in charts with tables, and the comparison', async ({ page }) => {
  await staffLoginUi(page, data.insights.admin.email, data.insights.admin.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.getByRole('link', { name: 'Statistik hasil' }).click();
  await expect(page.getByTestId('insights-candidates')).toHaveText(`${data.insights.cohort} peserta dengan hasil`);
  for (const file of ['skor-total', 'skor-listening', 'skor-structure', 'skor-reading']) {
    await expect(chart(page, file).locator('svg[role="img"]')).toBeVisible();
    expect(await tableSum(page, file), file).toBe(data.insights.cohort);
  }
  for (const file of ['tingkat-kemahiran', 'tingkat-cefr', 'tren-bulanan', 'perbandingan']) await expect(chart(page, file).locator('svg')).toBeVisible();
  await expect(chart(page, 'tren-bulanan').locator('tbody tr')).toHaveCount(3);
  await expect(chart(page, 'perbandingan').getByRole('table')).toContainText('Seluruh peserta EPOT');
  // The CSV export holds the table's numbers.
  const download = page.waitForEvent('download');
  await chart(page, 'skor-total').getByRole('button', { name: 'Sebaran skor total: CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFRentang skor,Jumlah peserta');
  expect(csv.trim().split('\r\n').slice(1).map((l) => Number(l.split(',')[1])).reduce((a, b) => a + b, 0)).toBe(data.insights.cohort);
  // PNG and SVG exports are real files of their kind.
  for (const [format, magic] of [['PNG', '\x89PNG'], ['SVG', '<svg']] as const) {
    const file = page.waitForEvent('download');
    await chart(page, 'skor-total').getByRole('button', { name: `Sebaran skor total: ${format}` }).click();
    expect(readFileSync(await (await file).path(), 'latin1').slice(0, 4)).toBe(magic);
  }
  // A period narrows it (September only: a third of the cohort).
  await page.getByLabel('Selesai dari tanggal').fill('2026-09-01');
  await page.getByLabel('Sampai tanggal').fill('2026-09-30');
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await expect(page.getByTestId('insights-candidates')).toHaveText(`${Math.ceil(data.insights.cohort / 3)} peserta dengan hasil`);
  if (SCREENSHOTS) {
    await page.getByRole('button', { name: 'Tampilkan' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/insights-dashboard.png`, fullPage: true });
  }
});

test("the second institution's admin sees only their own few results, the comparison hidden", async ({ page }) => {
  await staffLoginUi(page, data.staff.otherAdmin.email, data.staff.otherAdmin.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.goto('/admin/insights');
  // Its 8 prepared results (and any test of its members other specs finish meanwhile), never the 220.
  await expect(page.getByTestId('insights-candidates')).toHaveText(/^\d+ peserta dengan hasil$/);
  const n = Number((await page.getByTestId('insights-candidates').innerText()).split(' ')[0]);
  expect(n).toBeGreaterThanOrEqual(8);
  expect(n).toBeLessThan(20);
  await expect(page.locator('[data-chart="perbandingan-tersembunyi"]')).toContainText('Perbandingan disembunyikan: tiap kelompok perlu minimal 20 peserta.');
  await expect(page.locator('figure[data-chart="perbandingan"]')).toHaveCount(0);
  // The other institution's data by its id: refused like an id that does not exist.
  const res = await page.request.get(`/api/admin/v1/insights?institution=${data.insights.institutionId}`, {
    headers: { authorization: `Bearer ${await page.evaluate(() => (JSON.parse(sessionStorage.getItem('epot.staff.session') ?? '{}') as { token?: string }).token ?? '')}` },
  });
  expect(res.status()).toBe(404);
});

test("the operator's item analysis flags exactly the items made bad on purpose", async ({ page }) => {
  await staffLoginUi(page, 'operator@epot.local', data.demo.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.goto(`/admin/exams/${data.insights.examId}/analysis`);
  await expect(page.getByTestId('analysis-attempts')).toContainText('tes dihitung');
  await expect(page.getByTestId('kr20-listening')).not.toHaveText('–');
  await expect(page.locator('figure[data-chart="kesukaran-daya-beda"] svg')).toBeVisible();
  const flagged = await page.locator('tr[data-item][data-flags]:not([data-flags=""])').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-item')));
  expect(flagged.sort()).toEqual(data.insights.bad.map((b) => `${b.section}-${b.number}`).sort());
  await page.getByText('Hanya butir yang perlu dilihat').click();
  await expect(page.locator('tr[data-item]')).toHaveCount(data.insights.bad.length);
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Unduh CSV untuk psikometri' }).click();
  expect(readFileSync(await (await csv).path(), 'utf8')).toContain('discrimination');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/item-analysis.png`, fullPage: false });
});
