// Extra time and a break granted from the staff console (issue 18), end to end: the demo
// institution's admin opens a member's accommodations on the members screen and grants ×1.5 with a
// 5-minute break (dialog by keyboard, focus back on its button, axe); the member sees both on the
// preparation page; after structure (taken in the browser, listening through the API) the
// end-of-section screen offers the break; the break screen has no proctoring (no camera preview),
// its timer is silent unless asked (Alt+T); going on starts reading, whose deadline the server fixed
// at 1.5 × 3300 s from the break's end; the break is stored for the attempt timeline.
import { expect, test, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { BreakState } from '../../../contracts/breaks.ts';
import { expectLooksRight, LOOK_SIZES } from '../support/look.ts';
import type { SectionDetail } from '../../../contracts/exam-delivery.ts';
import { FIXED_SECTION_SECONDS } from '../../../contracts/facts/index.ts';
import { loginViaUi } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { takePhotosWhenAsked } from '../support/candidate.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { activate, expectFocusVisible, tabTo } from '../support/keyboard.ts';
import { prepareOrder } from '../support/orders.ts';
import { staffLoginUi } from '../support/staff.ts';
import { pool, testData } from '../support/test-data.ts';

test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs('one-face') },
  actionTimeout: 20_000,
});

const data = pool('accommodations');
const member = data.institutions.demo.members[0]!;
const ADMIN = { email: 'admin.lembaga@epot.local', password: testData().demo.password };
const api = (p: string) => `/api${p}`;
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

async function memberGet<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(api(path), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The admin grants ×1.5 and a 5-minute break in the member's accommodation dialog, by keyboard. */
async function grantInConsole(page: Page, orderNo: string): Promise<void> {
  await staffLoginUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Anggota' }).click();
  await page.getByLabel('Cari nama atau e-mail').fill(member.email);
  await button(page, 'Cari').click();
  // The members table is a grid: one tab stop, the arrow keys move to the row's buttons.
  const open = page.getByRole('button', { name: `Akomodasi ${member.email}` });
  const table = page.getByRole('grid', { name: 'Daftar anggota lembaga' });
  await expect(open).toBeVisible();
  for (let i = 0; i < 20 && !(await table.evaluate((t) => t.contains(document.activeElement))); i++) await page.keyboard.press('Tab');
  for (let i = 0; i < 10 && !(await open.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
  await expect(open).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Akomodasi waktu: ${member.fullname}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: `Tes ${orderNo} · Belum mulai` })).toBeVisible();
  await expect(dialog.getByTestId('accommodation-current')).toHaveText('Saat ini: tanpa akomodasi');
  await expectNoAxeViolations(page, 'staff accommodation dialog');
  const factor = dialog.getByRole('radiogroup', { name: 'Faktor waktu per section' });
  await tabTo(page, factor.getByRole('radio', { name: 'Tanpa faktor' }));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(factor.getByRole('radio', { name: '×1,5' })).toBeChecked();
  await tabTo(page, dialog.getByLabel('Istirahat antar section (menit)'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('5');
  await activate(page, dialog.getByRole('button', { name: 'Simpan akomodasi' }));
  await expect(dialog.getByText('Akomodasi waktu disimpan')).toBeVisible();
  await expect(dialog.getByTestId('accommodation-current')).toHaveText('Saat ini: ×1,5; istirahat 5 menit');
  await expect(dialog.getByRole('button', { name: 'Simpan akomodasi' })).toBeFocused(); // saving kept focus
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused(); // the dialog gives focus back to its button
  // The results table names it too.
  await page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Hasil tes' }).click();
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('×1,5; istirahat 5 menit');
  await expectNoAxeViolations(page, 'staff results with an accommodation');
}

/** Structure in the browser: to the last question with the grid, submit; the end-of-section screen follows. */
async function submitStructure(page: Page, orderId: string): Promise<void> {
  await page.goto(`/epot/${orderId}/structure`);
  await activate(page, button(page, 'Start Test'));
  const grid = page.getByRole('navigation', { name: 'Navigasi soal' });
  await tabTo(page, grid.locator('button[tabindex="0"]'), { back: true });
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await activate(page, button(page, 'Submit'));
  await activate(page, page.getByRole('dialog', { name: 'Kirim jawaban?' }).getByRole('button', { name: 'Ya, kirim' }));
}

test('an institution admin grants ×1.5 and a break; the member sees it, takes the break, and reading lasts 1.5 times as long', async ({ page }) => {
  test.setTimeout(420_000);
  const { token, orderId } = await prepareOrder(page.request, member, data.institutions.demo.codes[0]!);
  const { order_no: orderNo } = (await memberGet<{ order: { order_no: string } }>(page, token, fillPath(apiPaths.order.detailFull, { id: orderId }))).order;

  // The console first (its session lives in this tab's session storage, apart from the candidate's).
  await grantInConsole(page, orderNo);

  // The member: the preparation page says what was granted.
  page.on('dialog', (d) => void d.accept());
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await activate(page, button(page, 'Mulai test EPOT'));
  await expect(page).toHaveURL(new RegExp(`/epot/preparation\\?id=${orderId}$`));
  await expect(page.getByTestId('extra-time')).toHaveText(/waktu tambahan ×1,5 untuk setiap section/);
  await expect(page.getByTestId('break-time')).toHaveText(/beristirahat hingga 5 menit setelah Listening dan setelah Structure/);
  await expectNoAxeViolations(page, 'preparation with a break');

  // Started and listening done through the API (the keyboard spec takes listening in the browser).
  const headers = { authorization: `Bearer ${token}` };
  expect((await page.request.put(api(fillPath(apiPaths.order.updateStartTest, { id: orderId })), { headers })).status()).toBe(200);
  await memberGet(page, token, fillPath(apiPaths.order.sectionDetail, { id: orderId, section: 'listening' }));
  expect((await page.request.post(api(apiPaths.order.answer), { headers, data: { id: orderId, section: 'listening', images: [], answer: [], disqualified: false } })).status()).toBe(200);

  await takePhotosWhenAsked(page);
  await submitStructure(page, orderId);
  const next = page.getByRole('heading', { name: 'Section berikutnya: Section 3' });
  await expect(next).toBeFocused({ timeout: 30_000 });
  await expect(page.getByText('Termasuk waktu tambahan ×1,5')).toBeVisible();
  await expectNoAxeViolations(page, 'end of structure with a break offered');
  // Issue 32: the look-check's rules on the screens only an accommodation reaches, at both laptop sizes.
  for (const size of LOOK_SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'end of structure with a break offered', button(page, 'Istirahat (maks. 5 menit)'));
  }
  await activate(page, button(page, 'Istirahat (maks. 5 menit)'));

  // The break: no proctoring around it, the time from the server, silent unless asked.
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/break$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Istirahat' })).toBeFocused();
  await expect(page.getByText('Setelah istirahat: Section 3 — Reading Comprehension')).toBeVisible();
  await expect(page.getByRole('timer', { name: 'Sisa istirahat' })).toHaveText(/^00:0[45]:\d\d$/);
  await expect(page.getByTestId('camera-preview')).toHaveCount(0);
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByTestId('time-announcer')).toHaveText('');
  await page.keyboard.press('Alt+T');
  await expect(page.getByTestId('time-announcer')).toHaveText(/^Sisa istirahat [45] menit \d+ detik$/);
  await expectNoAxeViolations(page, 'break');
  for (const size of LOOK_SIZES) {
    await page.setViewportSize(size);
    await expectLooksRight(page, 'break', button(page, 'Akhiri istirahat dan lanjutkan'));
  }
  const during = await memberGet<BreakState>(page, token, fillPath(apiPaths.order.breaks, { id: orderId }));
  expect(during).toMatchObject({ break_minutes: 5, next_section: 'reading', current: { after_section: 'structure', ended_at: null } });

  // Going on: reading starts, proctored again, with the extra time in its server deadline.
  await activate(page, button(page, 'Akhiri istirahat dan lanjutkan'));
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/reading$`));
  await expect(page.getByRole('heading', { level: 1, name: /^Direction: / })).toBeFocused({ timeout: 30_000 });
  await expect(page.getByTestId('camera-preview')).toBeVisible();
  await expect(page.getByTestId('exam-extra-time')).toHaveText('Termasuk waktu tambahan ×1,5');
  const reading = await memberGet<SectionDetail>(page, token, fillPath(apiPaths.order.sectionDetail, { id: orderId, section: 'reading' }));
  expect(reading.duration_seconds).toBe(FIXED_SECTION_SECONDS.reading * 1.5);
  expect(reading.deadline_ms - Date.parse(reading.started_at)).toBe(FIXED_SECTION_SECONDS.reading * 1.5 * 1000);
  const after = await memberGet<BreakState>(page, token, fillPath(apiPaths.order.breaks, { id: orderId }));
  expect(after.current).toBeNull();
  expect(after.breaks).toEqual([expect.objectContaining({ after_section: 'structure', ended_at: reading.started_at })]);
});
