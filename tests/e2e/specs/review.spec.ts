// Proctor review (issue 17) end to end, in the order of its acceptance scenario:
// 1. A member of the demo institution answers two structure questions (autosaved), then leaves the
//    test page three times for real (CDP focus emulation off, another page brought to the front, as
//    in the proctoring spec) and is disqualified. The institution's proctor finds the attempt at the
//    top of the review queue with the risk reasons, opens its timeline with the three violations and
//    their photos (thumbnail, full size on demand) and overturns it; the candidate then sees the
//    result and certificate, scored from the answers they had saved.
// 2. Another member's completed attempt is invalidated from the results list: the public
//    verification page shows the certificate revoked at once, with the reason category only. The
//    candidate appeals from the test list; the appeal reaches the queue, the proctor answers it, and
//    the candidate reads the answer in the app.
// Every new screen is checked with axe.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { OrderDetailFull } from '../../../contracts/exam-delivery.ts';
import type { ExamImport } from '../../../contracts/exam-import.ts';
import { REVOCATION_CATEGORIES } from '../../../contracts/facts/index.ts';
import { scoreExam } from '../../../server/services/exam/scoring.ts';
import { loginViaApi, loginViaUi } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { chromiumArgs } from '../support/chromium.ts';
import { leaveUntilCounted } from '../support/leave-page.ts';
import { startOrder, type E2eOrder } from '../support/orders.ts';
import { EXPECTED_TOTAL, staffLoginUi, takeTestViaApi } from '../support/staff.ts';
import { pool, testData } from '../support/test-data.ts';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
test.use({ launchOptions: { executablePath, args: chromiumArgs('one-face') }, actionTimeout: 20_000 });
test.describe.configure({ mode: 'serial' });

const data = testData();
const demo = pool('review').institutions.demo;
const PROCTOR = data.staff.proctor;
const api = (p: string) => `/api${p}`;
const exam = JSON.parse(readFileSync(new URL('../../../content/demo-exam/exam.json', import.meta.url), 'utf8')) as ExamImport;
const structureKey = exam.sections.structure.parts.flatMap((p) => p.groups.flatMap((g) => g.questions.map((q) => q.options[q.answer]!)));

async function detailFull(request: APIRequestContext, { token, orderId }: E2eOrder): Promise<OrderDetailFull> {
  const res = await request.get(api(fillPath(apiPaths.order.detailFull, { id: orderId })), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: OrderDetailFull }).data;
}

async function submitEmpty(request: APIRequestContext, { token, orderId }: E2eOrder, section: 'listening'): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.get(api(fillPath(apiPaths.order.sectionDetail, { id: orderId, section })), { headers })).status()).toBe(200);
  const sent = await request.post(api(apiPaths.order.answer), { headers, data: { id: orderId, section, images: [], answer: [], disqualified: false } });
  expect(sent.status(), await sent.text()).toBe(200);
}


const question = (page: Page, n: number) => page.locator(`[data-testid="question"][data-number="${n}"]`);

async function answerRight(page: Page, n: number): Promise<void> {
  const radio = page.getByRole('radio', { name: structureKey[n - 1]!, exact: true });
  await question(page, n).locator('label').filter({ has: radio }).click();
  await expect(question(page, n).locator(radio)).toBeChecked();
}

async function proctorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
  await staffLoginUi(page, PROCTOR.email, PROCTOR.password);
  await expect(page.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Tinjauan pengawasan' })).toBeVisible();
  return page;
}

async function decide(page: Page, label: string, note: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Keputusan' });
  await form.getByRole('radio', { name: label }).check({ force: true });
  await form.getByRole('textbox', { name: /Catatan/ }).fill(note);
  await form.getByRole('button', { name: 'Simpan keputusan' }).click();
}

/** The candidate's own panel on the test list, expanded, and its appeal link. */
async function appealLink(page: Page, name: string) {
  await page.goto('/epot');
  await page.getByRole('button', { name: 'English Proficiency Online Test 1' }).click();
  return page.getByRole('link', { name });
}

let memberA: E2eOrder;
let structureRaw = 0;

test('a member disqualified after three real tab-leaves is overturned by the proctor and scored from the saved answers', async ({ page, request, browser }) => {
  test.setTimeout(300_000);
  const member = demo.members[0]!;
  memberA = await startOrder(request, member, demo.codes[0]!);
  await submitEmpty(request, memberA, 'listening');
  page.on('dialog', (d) => void d.accept());
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await page.goto(`/epot/${memberA.orderId}/structure`);
  await expect(page.getByRole('heading', { name: /^Direction:/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('camera-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Start Test' }).click();

  // Two right answers, autosaved: the draft the server holds when the test is stopped.
  await answerRight(page, 1);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith(apiPaths.order.answerDraft)
    && JSON.stringify(r.request().postDataJSON()).includes(structureKey[1]!) && r.status() === 200);
  await answerRight(page, 2);
  await saved;
  structureRaw = 2;

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
  for (const n of [1, 2, 3]) {
    await leaveUntilCounted(page);
    const dialog = page.getByRole('alertdialog', { name: 'Meninggalkan halaman tes terdeteksi' });
    await expect(dialog).toContainText(`Pelanggaran ke-${n} dari 3.`);
    await dialog.getByRole('button', { name: 'Saya mengerti' }).click();
  }
  const notice = page.getByRole('alertdialog', { name: 'Anda terindikasi melakukan kecurangan' });
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Test telah dihentikan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ajukan banding' })).toBeVisible();
  expect((await detailFull(request, memberA)).order.status).toBe('disqualified');

  // The proctor: the queue, the attempt with its reasons (the look-check's prepared attempt of the same
  // institution, tests/e2e/support/prepare-data.ts, may rank beside it).
  const staff = await proctorPage(browser);
  await staff.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Tinjauan pengawasan' }).click();
  const queue = staff.getByTestId('review-queue');
  const first = queue.getByRole('row').filter({ hasText: member.fullname });
  await expect(first).toContainText(member.fullname);
  await expect(first).toContainText('3 kali meninggalkan tab, total');
  await expect(first).toContainText('diskualifikasi');
  await expectNoAxeViolations(staff, 'review queue');

  await first.getByRole('link', { name: `Buka tinjauan ${member.fullname}` }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Tinjauan tes: ${member.fullname}`);
  await expect(staff.getByTestId('risk-reasons')).toContainText('3 kali meninggalkan tab, total');
  const violations = staff.getByTestId('review-timeline').locator('[data-kind="violation"]');
  await expect(violations).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(violations.nth(i)).toContainText('Pelanggaran: membuka tab baru');
    // The thumbnails load lazily: bring each into view, whatever the timeline above it holds.
    await violations.nth(i).scrollIntoViewIfNeeded();
    const thumb = violations.nth(i).locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  await expect(staff.getByTestId('review-timeline').locator('[data-kind="away"]')).toHaveCount(3);
  await violations.nth(0).getByRole('button', { name: /^Lihat foto/ }).click();
  const full = staff.getByTestId('review-photo-full');
  await expect(full).toBeVisible();
  expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(staff, 'review photo dialog');
  await staff.getByRole('dialog', { name: 'Foto pengawasan' }).getByRole('button', { name: 'Tutup' }).click();
  await expectNoAxeViolations(staff, 'attempt review');

  await decide(staff, 'Diskualifikasi dibatalkan (tes dinilai)', 'Peserta kembali ke tes setiap kali; foto menunjukkan ia sendirian.');
  await expect(staff.getByRole('status').filter({ hasText: 'Keputusan disimpan' })).toBeVisible();
  const expected = scoreExam({ listening: 0, structure: structureRaw, reading: 0 });
  await expect(staff.getByTestId('attempt-status')).toHaveText('Selesai');
  await expect(staff.getByTestId('attempt-scores')).toContainText(`Total ${expected.total}`);
  await expect(staff.getByTestId('attempt-certificate')).toContainText('(berlaku)');

  // The candidate: the result and the certificate, with the score from the saved answers.
  await (await appealLink(page, 'Lihat hasil peninjauan')).click();
  await expect(page.getByTestId('appeal-decision')).toHaveText('Diskualifikasi dibatalkan, tes Anda dinilai');
  await expect(page.getByTestId('appeal-score')).toHaveText(`Skor ${expected.total} · ${expected.level}`);
  const number = ((await page.getByTestId('appeal-certificate').textContent()) ?? '').replace('Sertifikat ', '');
  expect(number).toMatch(/^EPOT-[2-9A-HJ-NP-Z]{12}$/);
  await expect(page.getByTestId('appeal-evidence').locator('li')).toHaveCount(3);
  await expectNoAxeViolations(page, 'candidate review result');
  const full2 = await detailFull(request, memberA);
  expect([full2.order.status, full2.order.total_score, full2.sertificate?.number]).toEqual(['completed', expected.total, number]);
  await page.getByRole('link', { name: 'Halaman verifikasi sertifikat' }).click();
  await expect(page.getByTestId('certificate-status')).toHaveText('Berlaku');
  await expect(page.getByTestId('certificate-total')).toHaveText(String(expected.total));
  await staff.context().close();
});

test('an invalidated attempt shows revoked on public verification; the candidate appeals and reads the answer', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const member = demo.members[1]!;
  const token = await loginViaApi(request, member.email, member.password);
  const { orderId, orderNo } = await takeTestViaApi(request, token, demo.codes[1]!);
  const number = (await detailFull(request, { token, orderId })).sertificate!.number;

  const staff = await proctorPage(browser);
  await staff.getByRole('navigation', { name: 'Menu konsol' }).getByRole('link', { name: 'Hasil tes' }).click();
  await staff.getByRole('searchbox', { name: 'Cari nama, e-mail atau no. pesanan' }).fill(orderNo);
  await staff.getByRole('button', { name: 'Terapkan filter' }).click();
  await staff.getByRole('link', { name: `Buka bukti dan tinjauan tes ${member.fullname}` }).click();
  await expect(staff.getByTestId('attempt-scores')).toContainText(`Total ${EXPECTED_TOTAL}`);
  const note = 'Suara orang lain membacakan jawaban di tengah section reading.';
  await decide(staff, 'Dibatalkan (sertifikat dicabut)', note);
  await expect(staff.getByRole('status').filter({ hasText: 'Keputusan disimpan' })).toBeVisible();
  await expect(staff.getByTestId('attempt-certificate')).toContainText('(dicabut)');

  // Public verification, no login: revoked at once, with the category and nothing of the note.
  const visitor = await (await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'id-ID' })).newPage();
  await visitor.goto(`/verify/${number}`);
  await expect(visitor.getByTestId('certificate-status')).toHaveText('Dicabut');
  await expect(visitor.getByTestId('revoked-reason')).toHaveText(`Alasan pencabutan: ${REVOCATION_CATEGORIES.review}`);
  await expect(visitor.getByText(note)).toHaveCount(0);
  await expectNoAxeViolations(visitor, 'verification revoked');

  // The candidate appeals from the test list (text only).
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await (await appealLink(page, 'Ajukan banding')).click();
  await expect(page.getByTestId('appeal-decision')).toHaveText('Hasil tes dibatalkan dan sertifikat dicabut');
  await expect(page.getByText('Tidak ada pelanggaran yang tercatat.')).toBeVisible();
  await expectNoAxeViolations(page, 'candidate appeal form');
  await page.getByRole('textbox', { name: /Alasan banding/ }).fill('Suara itu dari televisi tetangga; saya mengerjakan sendiri.');
  await page.getByRole('button', { name: 'Kirim Banding' }).click();
  await expect(page.getByTestId('appeal-state')).toContainText('Banding Anda sedang ditinjau');

  // The proctor finds it among the appeals and answers it.
  await staff.goto('/admin/reviews');
  await staff.getByRole('radiogroup', { name: 'Alasan masuk antrean' }).getByRole('radio', { name: 'Banding' }).check({ force: true });
  await staff.getByRole('button', { name: 'Terapkan filter' }).click();
  const row = staff.getByTestId('review-queue').getByRole('row').filter({ hasText: member.fullname });
  await expect(row).toContainText('Banding terbuka');
  await row.getByRole('link', { name: `Buka tinjauan ${member.fullname}` }).click();
  await expect(staff.getByTestId('appeal-panel')).toContainText('televisi tetangga');
  await decide(staff, 'Sah (hasil tetap berlaku)', 'Rekaman suara cocok dengan siaran televisi; hasil tetap berlaku.');
  await expect(staff.getByTestId('attempt-certificate')).toContainText('(berlaku)');

  await page.reload();
  await expect(page.getByTestId('appeal-answer')).toContainText('Banding diterima: keputusan dibatalkan.');
  await expect(page.getByTestId('appeal-answer')).toContainText('siaran televisi');
  await expectNoAxeViolations(page, 'candidate appeal answered');
  await visitor.reload();
  await expect(visitor.getByTestId('certificate-status')).toHaveText('Berlaku');
  await staff.context().close();
  await visitor.context().close();
});
