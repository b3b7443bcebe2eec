// Licences, test list, institutions and preparation (issue 4), against the production server. Codes
// and members come from the run's test data (pool 'licences'); announcement and maintenance use a
// side server of their own, so no other spec sees those dialogs.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiPaths, fillPath } from '../../../contracts/api-paths.ts';
import type { OrderListResponse } from '../../../contracts/orders.ts';
import { LICENCE_MESSAGES } from '../../../server/services/orders/orders.ts';
import { clientIp, loginViaApi, loginViaUi } from '../support/accounts.ts';
import { DEMO_INDIVIDUAL, SideServer } from '../support/side-server.ts';
import { pool, testData, type E2eMember } from '../support/test-data.ts';
import { expectNoAxeViolations } from '../support/axe.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': clientIp() } });

const data = pool('licences');
const api = (p: string) => `/api${p}`;
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function login(page: Page, member: Pick<E2eMember, 'email' | 'password'>) {
  await loginViaUi(page, member.email, member.password);
  await expect(page).toHaveURL(/\/epot$/);
  await expect(page.getByRole('heading', { name: 'Test EPOT', level: 1 })).toBeVisible();
}

async function redeemViaApi(request: APIRequestContext, token: string, license: string) {
  const res = await request.post(api(apiPaths.order.create), {
    headers: { authorization: `Bearer ${token}` },
    data: { license, meta: { job: 'PNS', certificate_for: 'Melamar CPNS' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function orders(request: APIRequestContext, token: string) {
  const res = await request.get(api(apiPaths.order.list), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as OrderListResponse).data.list;
}

const surveyDialog = (page: Page) => page.getByRole('dialog', { name: 'Survei Peserta' });
const radio = (page: Page, group: string, option: string) =>
  surveyDialog(page).getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true });
/** react-aria keeps the input visually hidden inside its label: pick an option as a user does, by its label. */
const pick = (page: Page, group: string, option: string) =>
  surveyDialog(page).getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();

test('redeem with the survey (Lainnya texts), panel appears, an individual starts without the video', async ({ page, request }) => {
  const member = data.individualMembers[0]!;
  await login(page, member);
  await expect(page.getByText('Belum ada tes.')).toBeVisible();
  await expectNoAxeViolations(page, 'test list');

  await page.getByLabel('Kode Lisensi').fill(data.individualCodes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Redeem Lisensi' }).click();
  const dialog = surveyDialog(page);
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Redeem Lisensi' });
  await expect(submit).toBeDisabled();
  await pick(page, 'Pekerjaan', 'Lainnya');
  await dialog.getByLabel('Pekerjaan Lainnya').fill('Wiraswasta');
  // Closing resets the form.
  await dialog.getByRole('button', { name: 'Batal' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Redeem Lisensi' }).click();
  await expect(radio(page, 'Pekerjaan', 'Lainnya')).not.toBeChecked();
  await expect(dialog.getByLabel('Pekerjaan Lainnya')).toHaveCount(0);

  await pick(page, 'Pekerjaan', 'Lainnya');
  await pick(page, 'Penggunaan Sertifikat', 'Lainnya');
  await dialog.getByLabel('Pekerjaan Lainnya').fill('Wiraswasta');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Penggunaan Sertifikat Lainnya').focus();
  await dialog.getByLabel('Pekerjaan Lainnya').focus();
  await expect(dialog.getByText('Penggunaan Sertifikat Lainnya Tidak Boleh Kosong')).toBeVisible();
  await dialog.getByLabel('Penggunaan Sertifikat Lainnya').fill('Beasiswa daerah');
  await expectNoAxeViolations(page, 'survey dialog');
  await submit.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('snackbar')).toHaveText(/Kode Lisensi berhasil di redeem/);
  // The snackbar and the alert both say it.
  await expect(page.getByRole('status').filter({ hasText: 'Kode Lisensi berhasil di redeem' })).toHaveCount(2);
  await expect(page.getByLabel('Kode Lisensi')).toHaveValue('');
  const panel = page.getByRole('button', { name: 'English Proficiency Online Test 1' });
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('order-no')).toHaveText(/^EPOT-\d{8}-[2-9A-Z]{6}$/);
  const year = new Date().getFullYear();
  await expect(page.locator('time')).toHaveText(new RegExp(`^\\d{1,2} (Januari|Februari|Maret|April|Mei|Juni|Juli|Agustus|September|Oktober|November|Desember) ${year}$`));
  // The free answers are stored as 'Lainnya: <text>'.
  const token = await loginViaApi(request, member.email, member.password);
  const [order] = await orders(request, token);
  expect(order!.meta).toEqual({ job: 'Lainnya: Wiraswasta', certificate_for: 'Lainnya: Beasiswa daerah' });
  await expect(page.getByTestId('snackbar')).toBeHidden({ timeout: 7_000 });

  // Individuals store an empty institution and skip the tutorial.
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/preparation\\?id=${order!.id}$`));
  expect(await storage(page, 'epot.institution')).toBe('{}');
  expect(JSON.parse((await storage(page, 'epot.licence'))!)).toMatchObject({ id: order!.id, order_no: order!.order_no });
  await expect(page.getByRole('heading', { name: 'Perhatian', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Video Tutorial' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tonton video tutorial' })).toBeVisible();
  await expect(page.getByText(/Peserta individu: setiap pelanggaran/)).toBeVisible();
  await expectNoAxeViolations(page, 'preparation');
});

test('empty code error clears after 5 s or on editing; a used code shows the server message', async ({ page, request }) => {
  const member = data.individualMembers[1]!;
  const used = data.individualCodes[1]!;
  await redeemViaApi(request, await loginViaApi(request, member.email, member.password), used);
  await login(page, member);

  const redeem = page.getByRole('button', { name: 'Redeem Lisensi' });
  const error = page.getByText('Kode Lisensi tidak boleh kosong', { exact: true });
  await redeem.click();
  await expect(error).toBeVisible();
  const shownAt = Date.now();
  await expect(page.getByLabel('Kode Lisensi')).toHaveAttribute('aria-invalid', 'true');
  await expect(surveyDialog(page)).toHaveCount(0);
  await expect(error).toBeHidden({ timeout: 7_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);

  await redeem.click();
  await expect(error).toBeVisible();
  await page.getByLabel('Kode Lisensi').fill('A');
  await expect(error).toBeHidden();

  await page.getByLabel('Kode Lisensi').fill(used);
  await redeem.click();
  await pick(page, 'Pekerjaan', 'Mahasiswa');
  await pick(page, 'Penggunaan Sertifikat', 'Persyaratan S1 (Skripsi, Wisuda, Yudisium)');
  await surveyDialog(page).getByRole('button', { name: 'Redeem Lisensi' }).click();
  await expect(page.getByTestId('snackbar')).toHaveText(new RegExp(LICENCE_MESSAGES.used));
  await expect(page.getByRole('alert')).toHaveText(LICENCE_MESSAGES.used);
  await expect(page.getByLabel('Kode Lisensi')).toHaveValue(used);
});

test('an institution member with identification checks: institution stored, counters reset, video must end', async ({ page, request }) => {
  const member = data.institutions.demo.members[0]!;
  const institution = testData().institutions.demo;
  const orderId = await redeemViaApi(request, await loginViaApi(request, member.email, member.password), data.institutions.demo.codes[0]!);
  await login(page, member);
  await page.evaluate(() => {
    for (const k of ['epot.count.open-tab', 'epot.count.face', 'epot.count.speech']) localStorage.setItem(k, '2');
    localStorage.setItem('epot.use-face-detection', 'true');
  });
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/preparation\\?id=${orderId}$`));

  const stored = JSON.parse((await storage(page, 'epot.institution'))!);
  expect(stored).toMatchObject({ id: institution.id, active_camera: true, setting: { identification: institution.identification } });
  for (const k of ['epot.count.open-tab', 'epot.count.face', 'epot.count.speech']) expect(await storage(page, k)).toBe('0');
  expect(await storage(page, 'epot.use-face-detection')).toBe('false');
  expect(await storage(page, 'epot.use-speech-detection')).toBe('false');

  const video = page.getByRole('dialog', { name: 'Video Tutorial' });
  await expect(video).toBeVisible();
  const next = video.getByRole('button', { name: 'Lanjutkan' });
  await expect(next).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(video).toBeVisible();
  await expect(page.getByTestId('tutorial-video').locator('track[kind="captions"]')).toHaveAttribute('srclang', 'id');
  // Watch it at 16x (a minute of video in a few seconds); muted, since nothing here clicked play.
  await page.getByTestId('tutorial-video').evaluate(async (el) => {
    const v = el as HTMLVideoElement;
    v.muted = true;
    v.playbackRate = 16;
    await v.play();
  });
  await expect(next).toBeEnabled({ timeout: 20_000 });
  await next.click();
  await expect(video).toBeHidden();

  await expect(page.getByText(/Tes dihentikan dan dinyatakan gugur setelah 3 kali pelanggaran/)).toBeVisible();
  const start = page.getByRole('button', { name: 'Mulai test EPOT' });
  await expect(start).toBeDisabled();
  await page.getByText(/Saya telah membaca dan menyetujui/).click();
  // The camera's photos need their own consent (issue 19), asked apart from the rules.
  await expect(start).toBeDisabled();
  await page.getByText('Saya setuju foto wajah saya diambil').click();
  await expect(start).toBeEnabled();
  await start.click();

  await expect(page).toHaveURL(new RegExp(`/epot/specification\\?id=${orderId}$`));
  await expect(page.getByText('RAM minimal 4 GB.')).toBeVisible();
  await expectNoAxeViolations(page, 'specification');
  await page.getByRole('button', { name: 'Lanjutkan Pengecekan' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/${orderId}/device-check$`));
  await page.goBack();
  await page.getByRole('button', { name: 'Kembali' }).click();
  await expect(page).toHaveURL(/\/epot$/);
});

test('an institution member without identification checks skips the video; a started test shows its status', async ({ page, request }) => {
  const member = data.institutions.noIdentification.members[0]!;
  const token = await loginViaApi(request, member.email, member.password);
  const orderId = await redeemViaApi(request, token, data.institutions.noIdentification.codes[0]!);
  await login(page, member);
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/preparation\\?id=${orderId}$`));
  const stored = JSON.parse((await storage(page, 'epot.institution'))!);
  expect(stored).toMatchObject({ id: testData().institutions.noIdentification.id, setting: { identification: { face: false, voice: false, new_tab: false } } });
  await expect(page.getByRole('heading', { name: 'Perhatian', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Video Tutorial' })).toHaveCount(0);
  // Only the camera photos remain (the camera is on); no detection and nothing that ends the test.
  await expect(page.getByText(/Kamera mengambil foto Anda/)).toBeVisible();
  await expect(page.getByText(/^Deteksi (wajah|suara|tab)/)).toHaveCount(0);
  await expect(page.getByText(/dinyatakan gugur/)).toHaveCount(0);
  await page.getByText(/Saya telah membaca dan menyetujui/).click();
  await page.getByText('Saya setuju foto wajah saya diambil').click();
  await page.getByRole('button', { name: 'Mulai test EPOT' }).click();
  await expect(page).toHaveURL(new RegExp(`/epot/specification\\?id=${orderId}$`));

  // The consent was recorded, so the start signal is accepted; the panel then shows the status.
  const started = await request.put(api(fillPath(apiPaths.order.updateStartTest, { id: orderId })), { headers: { authorization: `Bearer ${token}` } });
  expect(started.status(), await started.text()).toBe(200);
  await page.goto('/epot');
  await page.getByRole('button', { name: 'English Proficiency Online Test 1' }).click();
  await expect(page.getByText('Tes sedang berlangsung')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mulai test EPOT' })).toHaveCount(0);
  // A test cut short (crash, closed tab) can be continued from the list.
  await expect(page.getByRole('link', { name: 'Lanjutkan test EPOT' })).toHaveAttribute('href', `/epot/${orderId}/listening`);
});

test.describe.serial('company dialogs (own server)', () => {
  const side = new SideServer();
  test.beforeAll(async () => {
    await side.seed();
    await side.admin(['company', 'announcement', '--images', '/images/maintenance.svg,/favicon.svg']);
    await side.start();
  });
  test.afterAll(async () => { await side.dispose(); });

  test('the announcement shows its images and closes', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: side.url });
    const page = await context.newPage();
    await login(page, DEMO_INDIVIDUAL);
    const dialog = page.getByRole('dialog', { name: 'Pengumuman' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'Pengumuman 2' })).toBeVisible();
    await expect.poll(() => dialog.getByRole('img', { name: 'Pengumuman 1' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Redeem Lisensi' })).toBeEnabled();
    await context.close();
  });

  test('maintenance blocks the page', async ({ browser }) => {
    await side.stop();
    await side.admin(['company', 'maintenance', 'on']);
    await side.start();
    const context = await browser.newContext({ baseURL: side.url });
    const page = await context.newPage();
    await loginViaUi(page, DEMO_INDIVIDUAL.email, DEMO_INDIVIDUAL.password);
    const dialog = page.getByRole('alertdialog', { name: 'Sedang dalam pemeliharaan' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: /pemeliharaan/ })).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    // Everything behind the dialog is inert: hidden from assistive technology and unreachable.
    await expect.poll(() => page.getByRole('button', { name: 'Redeem Lisensi' }).evaluate((el) => el.closest('[inert]') !== null)).toBe(true);
    await expect(page.getByRole('dialog', { name: 'Pengumuman' })).toHaveCount(0);
    await context.close();
  });
});
